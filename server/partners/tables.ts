/** A submission from /partners/submit (server/partners/submissions.server.ts). */
export interface PartnerSubmissionsTable {
	id: string
	name: string
	site_url: string
	email: string
	message: string
	created_at: number
}

export interface PartnersTables {
	partner_submissions: PartnerSubmissionsTable
}
