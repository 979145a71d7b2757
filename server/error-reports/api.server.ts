import crypto from 'node:crypto'
import express, { Router } from 'express'
import { z } from 'zod'
import { takeAttempt } from '../auth/throttle.server.ts'
import { getDatabase } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { clientAddress } from '../http/client-address.ts'
import { jsonHandler, parseInput } from '../http/errors.server.ts'
import { refuseIllFormedJson } from '../http/well-formed.ts'
import { logger } from '../logger.server.ts'

// "Report This Issue" on the error screen (product.md §2, §7): the report is posted
// to the owner's chat webhook (ERROR_WEBHOOK_URL, Discord-style embed) when one
// is set, else (or when the webhook fails) kept in the database. Reports are
// small and few: the body is bounded and each address may send a handful.

/** A report is a few short fields; nothing near the API's general body limit. */
export const ERROR_REPORT_BODY_LIMIT = '16kb'
export const ERROR_REPORT_RULE = { limit: 10, windowMs: 10 * 60 * 1000, blockMs: 10 * 60 * 1000 }
const WEBHOOK_TIMEOUT_MS = 5000

const ReportSchema = z.object({
	name: z.string().max(200).default('Error'),
	message: z.string().max(2000).default(''),
	url: z.string().max(2000).default(''),
	status: z.number().int().min(0).max(999).optional(),
	browser: z.string().max(500).optional(),
	notes: z.string().max(2000).optional(),
	// product.md keeps the first 1000 characters of the stack.
	stack: z
		.string()
		.max(10_000)
		.optional()
		.transform((s) => s?.slice(0, 1000)),
})

export type ErrorReport = z.infer<typeof ReportSchema>

/** The chat embed of a report (product.md §7): error name, message, URL, status, browser, the user's notes and the stack's start. */
export function errorReportEmbed(report: ErrorReport) {
	const field = (name: string, value: string | number | undefined, inline = false) => ({
		name,
		value: value === undefined || value === '' ? '-' : String(value).slice(0, 1024),
		inline,
	})
	return {
		embeds: [
			{
				title: `${report.name}: ${report.message}`.slice(0, 256),
				color: 0xd9534f,
				fields: [
					field('URL', report.url),
					field('Status', report.status, true),
					field('Browser', report.browser, true),
					field('User notes', report.notes),
					field('Stack', report.stack ? `\`\`\`\n${report.stack.slice(0, 1000)}\n\`\`\`` : undefined),
				],
				timestamp: new Date().toISOString(),
			},
		],
	}
}

async function postToWebhook(url: string, report: ErrorReport): Promise<boolean> {
	try {
		// Only the owner's configured address is ever called, with no redirects followed.
		const response = await fetch(url, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify(errorReportEmbed(report)),
			redirect: 'error',
			signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
		})
		return response.ok
	} catch {
		return false
	}
}

async function keepReport(report: ErrorReport) {
	await getDatabase()
		.db.insertInto('error_reports')
		.values({ id: crypto.randomUUID(), created_at: Date.now(), report: JSON.stringify(report) })
		.execute()
}

export function errorReportRouter() {
	const router = Router()
	router.use(express.json({ limit: ERROR_REPORT_BODY_LIMIT, strict: true, reviver: refuseIllFormedJson }))
	router.post(
		'/report',
		jsonHandler(async (req, res) => {
			await takeAttempt(`error-report:${clientAddress(req)}`, ERROR_REPORT_RULE)
			const report = parseInput(ReportSchema, req.body)
			const webhook = getEnv().ERROR_WEBHOOK_URL
			const posted = webhook ? await postToWebhook(webhook, report) : false
			if (!posted) {
				if (webhook) (res.locals.log ?? logger).warn('error report webhook failed; the report is kept in the database')
				await keepReport(report)
			}
			res.status(202)
			return { ok: true }
		}),
	)
	return router
}
