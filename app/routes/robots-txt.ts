import { robotsTxt } from '#app/lib/browse/sitemap.ts'
import type { Route } from './+types/robots-txt.ts'

export function loader({ request }: Route.LoaderArgs) {
	return new Response(robotsTxt(new URL(request.url).origin), {
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=86400' },
	})
}
