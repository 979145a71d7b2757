import { originOf } from '#server/catalog/page-data.server.ts'
import { robotsTxt } from '#app/lib/browse/sitemap.ts'
import type { Route } from './+types/robots-txt.ts'

export function loader({ request }: Route.LoaderArgs) {
	return new Response(robotsTxt(originOf(request)), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
	})
}
