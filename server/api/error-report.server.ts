import { Router } from 'express'
import { z } from 'zod'
import { jsonHandler, parseInput } from '../http/errors.server.ts'

const ReportSchema = z.object({
	name: z.string().max(200).default('Error'),
	message: z.string().max(2000).default(''),
	url: z.string().max(2000).default(''),
	status: z.number().int().optional(),
	browser: z.string().max(500).optional(),
	notes: z.string().max(2000).optional(),
	// The spec keeps the first 1000 characters of the stack.
	stack: z
		.string()
		.max(20_000)
		.optional()
		.transform((s) => s?.slice(0, 1000)),
})

/** "Report This Issue" on the error screen lands here and is logged for the operator. */
export function errorReportRouter() {
	const router = Router()
	router.post(
		'/report',
		jsonHandler((req, res) => {
			const report = parseInput(ReportSchema, req.body)
			res.locals.log.warn({ report }, 'client error report')
			res.status(202)
			return { ok: true }
		}),
	)
	return router
}
