/** Donations the owner records (donations.server.ts beside this file). */
export interface DonationsTable {
	id: string
	currency: string
	amount: number
	usd: number
	donor: string | null
	message: string | null
	donated_at: number
}

export interface DonateTables {
	donations: DonationsTable
}
