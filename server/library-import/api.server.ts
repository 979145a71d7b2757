import express, { Router } from 'express'
import { z } from 'zod'
import { takeAttempt } from '../auth/throttle.server.ts'
import { clientAddress } from '../http/client-address.ts'
import { badRequest, jsonHandler, parseInput } from '../http/errors.server.ts'
import { refuseIllFormedJson } from '../http/well-formed.ts'
import { ImportFormatError } from './formats.ts'
import { previewImport, TooManyRowsError } from './import.server.ts'

// POST /api/library-import/preview: the files of a Trakt or Letterboxd export
// in, each row matched to the catalogue (or the reason it was not) out. Nothing
// is written: the page shows the preview and merges what the visitor accepts
// into the device's library, which sync carries to the account.

/** Exports are bigger than API bodies usually are. */
export const IMPORT_BODY_LIMIT = '8mb'
/** Matching costs catalogue searches: previews per address per hour. */
const PREVIEW_RULE = { limit: 30, windowMs: 60 * 60 * 1000, blockMs: 60 * 60 * 1000 }

const PreviewSchema = z.object({
	files: z
		.array(z.object({ name: z.string().trim().min(1).max(200), text: z.string().max(8_000_000) }), 'Choose at least one file')
		.min(1, 'Choose at least one file')
		.max(10, 'At most 10 files at once'),
})

export function libraryImportApiRouter() {
	const router = Router()
	router.use(express.json({ limit: IMPORT_BODY_LIMIT, strict: true, reviver: refuseIllFormedJson }))
	router.post(
		'/preview',
		jsonHandler(async (req) => {
			const input = parseInput(PreviewSchema, req.body)
			await takeAttempt(`import-ip:${clientAddress(req)}`, PREVIEW_RULE)
			try {
				return await previewImport(input.files)
			} catch (error) {
				if (error instanceof ImportFormatError || error instanceof TooManyRowsError) throw badRequest(error.message)
				throw error
			}
		}),
	)
	return router
}
