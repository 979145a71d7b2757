/**
 * Slug for category names and similar (product.md §5): lowercased and trimmed,
 * whitespace to hyphens, anything but a-z, 0-9 and hyphen removed, repeated
 * hyphens collapsed, leading and trailing hyphens stripped.
 */
export function slugify(text: string): string {
	return text
		.toLowerCase()
		.trim()
		.replace(/\s+/g, '-')
		.replace(/[^a-z0-9-]/g, '')
		.replace(/-+/g, '-')
		.replace(/^-+|-+$/g, '')
}

/**
 * Slug used in detail links (product.md §2): the title lowercased with every
 * non-alphanumeric character replaced by a dash.
 */
export function titleSlug(title: string): string {
	return title.toLowerCase().replace(/[^a-z0-9]/g, '-')
}

/** /movies/{id}-{slug}: only the part before the first dash is the id. */
export function parseMediaId(param: string | undefined): number | null {
	if (!param) return null
	const head = param.split('-')[0] ?? ''
	if (!/^\d{1,10}$/.test(head)) return null
	const id = Number(head)
	return id > 0 ? id : null
}

export function movieHref(id: number, title: string) {
	return `/movies/${id}-${titleSlug(title)}`
}

export function seriesHref(id: number, name: string) {
	return `/series/${id}-${titleSlug(name)}`
}

export function episodeHref(seriesId: number, name: string, season: number, episode: number) {
	return `${seriesHref(seriesId, name)}/${season}/${episode}`
}
