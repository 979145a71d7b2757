import { redirect } from 'react-router'
import type { Route } from './+types/network-redirect.ts'

/** /network/netflix/ (a variant seen in the movies menu) → /networks/netflix. */
export function loader({ params }: Route.LoaderArgs) {
	return redirect(`/networks/${encodeURIComponent(params.network)}`, 301)
}
