import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { z } from 'zod'
import { logger } from '../logger.server.ts'

/**
 * The one error type for the JSON API. Throw it (or call a helper below) from
 * any handler; the error middleware answers `{ error: message }` with its status.
 */
export class HttpError extends Error {
	readonly status: number
	readonly headers: Record<string, string>
	constructor(status: number, message: string, headers: Record<string, string> = {}) {
		super(message)
		this.name = 'HttpError'
		this.status = status
		this.headers = headers
	}
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)

/** Validates input with a zod schema; a failure is a 400 naming the first problem. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> {
	const result = schema.safeParse(input)
	if (result.success) return result.data
	const issue = result.error.issues[0]
	const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''
	throw badRequest(`${where}${issue?.message ?? 'Invalid input'}`)
}

/** Express 5 forwards rejected promises to the error handler; this keeps handler types tidy. */
export function jsonHandler(handler: (...args: Parameters<RequestHandler>) => Promise<unknown> | unknown): RequestHandler {
	return async (req, res, next) => {
		const body = await handler(req, res, next)
		if (body !== undefined && !res.headersSent) res.json(body)
	}
}

export const apiNotFound: RequestHandler = (_req, res) => {
	res.status(404).json({ error: 'Not found' })
}

interface BodyParserError {
	type?: string
	status?: number
}

/** Turns anything thrown in the API into `{ error }` JSON. Never leaks a stack. */
export const apiErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
	if (res.headersSent) return
	if (error instanceof HttpError) {
		res.set(error.headers).status(error.status).json({ error: error.message })
		return
	}
	const parserError = error as BodyParserError
	if (parserError?.type === 'entity.parse.failed') {
		res.status(400).json({ error: 'Malformed JSON body' })
		return
	}
	if (parserError?.type === 'entity.too.large') {
		res.status(413).json({ error: 'Request body is too large' })
		return
	}
	if (parserError?.type && parserError.status && parserError.status < 500) {
		res.status(parserError.status).json({ error: 'Invalid request body' })
		return
	}
	const log = res.locals.log ?? logger
	log.error({ err: error, path: req.path }, 'unhandled API error')
	res.status(500).json({ error: 'Internal server error', requestId: res.locals.requestId })
}
