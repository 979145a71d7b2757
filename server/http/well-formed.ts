import type { RequestHandler } from 'express'
import { badRequest } from './errors.server.ts'

// Text PostgreSQL cannot store (NUL characters) and text that is not Unicode
// (lone surrogates, which JSON and percent-encoding can carry) is refused at
// the edge with 400, the same on SQLite and PostgreSQL, instead of failing in
// the database with a 500.

export const ILL_FORMED_TEXT = 'Text must be well-formed Unicode without NUL characters'

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

export function isWellFormedText(text: string): boolean {
	return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

/** A JSON.parse reviver for the body parsers: every key and string value must be well formed. */
export function refuseIllFormedJson(key: string, value: unknown): unknown {
	if (!isWellFormedText(key) || (typeof value === 'string' && !isWellFormedText(value))) throw badRequest(ILL_FORMED_TEXT)
	return value
}

/**
 * The sync's reviver: an ill-formed string is dropped instead of refusing the
 * whole body, so the record holding it is skipped like any bad record and one
 * corrupted title on a device can not stop its sync for good.
 */
export function dropIllFormedJson(key: string, value: unknown): unknown {
	if (!isWellFormedText(key) || (typeof value === 'string' && !isWellFormedText(value))) return undefined
	return value
}

function queryIsWellFormed(value: unknown, depth = 0): boolean {
	if (typeof value === 'string') return isWellFormedText(value)
	if (depth > 4 || value === null || typeof value !== 'object') return true
	return Object.entries(value).every(([key, inner]) => isWellFormedText(key) && queryIsWellFormed(inner, depth + 1))
}

/** Query strings and the path of every API request. */
export const refuseIllFormedQuery: RequestHandler = (req, _res, next) => {
	let path: string
	try {
		path = decodeURIComponent(req.path)
	} catch {
		throw badRequest(ILL_FORMED_TEXT)
	}
	if (!isWellFormedText(path) || !queryIsWellFormed(req.query)) throw badRequest(ILL_FORMED_TEXT)
	next()
}
