import crypto from 'node:crypto'
import type { PartnerSubmission } from '#app/lib/partners/schema.ts'
import { getDatabase } from '#server/db/db.server.ts'

// Partner submissions are kept in the database for the owner, who reads them
// with `npm run partners:list` (scripts/partners-list.ts).

export interface StoredPartnerSubmission {
	id: string
	name: string
	siteUrl: string
	email: string
	message: string
	createdAt: number
}

export async function addPartnerSubmission(
	submission: Pick<PartnerSubmission, 'name' | 'siteUrl' | 'email' | 'message'>,
	now = Date.now(),
): Promise<string> {
	const id = crypto.randomUUID()
	await getDatabase()
		.db.insertInto('partner_submissions')
		.values({
			id,
			name: submission.name,
			site_url: submission.siteUrl,
			email: submission.email,
			message: submission.message,
			created_at: now,
		})
		.execute()
	return id
}

/** Newest first. */
export async function listPartnerSubmissions(options: { limit?: number; since?: number } = {}): Promise<StoredPartnerSubmission[]> {
	let query = getDatabase().db.selectFrom('partner_submissions').selectAll().orderBy('created_at', 'desc').orderBy('id')
	if (options.since !== undefined) query = query.where('created_at', '>=', options.since)
	if (options.limit !== undefined) query = query.limit(options.limit)
	const rows = await query.execute()
	return rows.map((row) => ({
		id: row.id,
		name: row.name,
		siteUrl: row.site_url,
		email: row.email,
		message: row.message,
		createdAt: Number(row.created_at),
	}))
}
