import { movieList, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { mediaHref } from '#app/lib/browse/media.ts'
import { sitemapXml, type SitemapEntry } from '#app/lib/browse/sitemap.ts'
import { CATEGORIES } from '#app/lib/catalog/categories.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import type { Route } from './+types/sitemap-xml.ts'

const STATIC_PAGES = [
	'/',
	'/movies',
	'/series',
	'/search',
	'/categories',
	'/networks',
	'/discover',
	'/4k',
	'/stats',
	'/donate',
	'/faq',
	'/dmca',
	'/disclaimer',
	'/tos',
	'/privacy',
	'/partners',
]

/** /sitemap.xml: the browse pages, every category and network, and popular titles. */
export async function loader({ request }: Route.LoaderArgs) {
	const lists = await Promise.all([
		movieList('/movie/popular'),
		movieList('/movie/popular', { page: 2 }),
		movieList('/movie/top_rated'),
		tvList('/tv/popular'),
		tvList('/tv/popular', { page: 2 }),
		tvList('/tv/top_rated'),
	])
	const entries: SitemapEntry[] = [
		...STATIC_PAGES.map((path) => ({ path, changefreq: 'daily' as const, priority: path === '/' ? 1 : 0.8 })),
		...CATEGORIES.map((c) => ({ path: `/categories/${c.slug}`, changefreq: 'weekly' as const, priority: 0.6 })),
		...NETWORKS.map((n) => ({ path: `/networks/${n.slug}`, changefreq: 'weekly' as const, priority: 0.6 })),
	]
	for (const list of lists) {
		for (const item of list.results) {
			const href = mediaHref(item)
			if (href) entries.push({ path: href, changefreq: 'weekly', priority: 0.5 })
		}
	}
	return new Response(sitemapXml(originOf(request), entries), {
		headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
	})
}
