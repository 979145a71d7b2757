import { partnerSchema, type Partner } from '#app/lib/partners/schema.ts'
import { entriesOf, readOwnerFile } from '#server/promo/owner-files.server.ts'

// The partners /partners lists: the owner's DATA_DIR/partners.json (a list,
// or { "partners": [...] }), read entry by entry like the other owner files
// (decision 0032): a bad entry is logged and skipped. A missing file: none.

export const PARTNERS_FILE = 'partners.json'

const parsePartners = entriesOf(partnerSchema, { listKey: 'partners', idField: 'name' })

export function readPartners(now = Date.now()): Partner[] {
	return readOwnerFile(PARTNERS_FILE, parsePartners, [], now)
}

/** Origins of partner logos, for the Content-Security-Policy's img-src. */
export function partnerImageOrigins(now = Date.now()): string[] {
	const origins = new Set<string>()
	for (const partner of readPartners(now)) if (partner.logo?.startsWith('https://')) origins.add(new URL(partner.logo).origin)
	return [...origins]
}
