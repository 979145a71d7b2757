export interface SitemapEntry {
	path: string
	changefreq?: 'daily' | 'weekly' | 'monthly'
	priority?: number
}

function escapeXml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}

/** A sitemaps.org urlset; paths are joined to the origin and de-duplicated. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
	const seen = new Set<string>()
	const urls: string[] = []
	for (const entry of entries) {
		const loc = new URL(entry.path, origin).toString()
		if (seen.has(loc)) continue
		seen.add(loc)
		const parts = [`<loc>${escapeXml(loc)}</loc>`]
		if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`)
		if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`)
		urls.push(`<url>${parts.join('')}</url>`)
	}
	return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`
}

/** robots.txt: everything public is crawlable except the API and personal pages. */
export function robotsTxt(origin: string): string {
	return [
		'User-agent: *',
		'Allow: /',
		'Disallow: /api/',
		'Disallow: /account',
		'Disallow: /bookmarks',
		'Disallow: /history',
		'',
		`Sitemap: ${new URL('/sitemap.xml', origin).toString()}`,
		'',
	].join('\n')
}
