import { data, Link } from 'react-router'
import { cachedCatalogGet, originOf } from '#server/catalog/page-data.server.ts'
import { catalogRequest } from '#app/utils/api-client.ts'
import { FilterLinks } from '#app/components/catalog/filter-links.tsx'
import { InfiniteMediaGrid } from '#app/components/catalog/infinite-media-grid.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { parseMediaFilter } from '#app/lib/catalog/media-type.ts'
import { toCards, type MediaListItem } from '#app/lib/browse/media.ts'
import { loadNetworkPage } from '#app/lib/browse/network-pages.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { findNetwork, NETWORKS, WATCH_REGION, type Network } from '#app/lib/catalog/networks.ts'
import type { TmdbPage } from '#app/lib/catalog/tmdb-types.ts'
import type { Route } from './+types/network.ts'
import { PageTitle } from '#app/components/ui/page-header.tsx'

const NETWORK_NOT_FOUND_TEXT = 'Network Not Found'
const NETWORK_EMPTY_TEXT = 'No content found for this network'

function discoverQuery(network: Network, page: number) {
	return { with_watch_providers: network.providerId, watch_region: WATCH_REGION, page }
}

export async function loader({ params, request }: Route.LoaderArgs) {
	const origin = originOf(request)
	const network = findNetwork(params.network)
	if (!network) return data({ state: 'not-found' as const, origin, slug: params.network }, { status: 404 })
	const filter = parseMediaFilter(new URL(request.url).searchParams.get('type'))
	let first: { items: Awaited<ReturnType<typeof loadNetworkPage>>['items']; hasMore: boolean } = { items: [], hasMore: false }
	let failed = false
	try {
		first = await loadNetworkPage(filter, 1, (kind, page) =>
			cachedCatalogGet<TmdbPage<MediaListItem>>(`/discover/${kind}`, discoverQuery(network, page)),
		)
	} catch {
		failed = true
	}
	return { state: 'found' as const, origin, network, filter, items: toCards(first.items), hasMore: first.hasMore, failed }
}

export function meta({ data }: Route.MetaArgs) {
	if (!data || data.state === 'not-found')
		return pageMeta({ title: NETWORK_NOT_FOUND_TEXT, description: 'This streaming network is not one Willow knows.' })
	return pageMeta({
		title: `${data.network.name}: movies and series`,
		description: `Movies and series streaming on ${data.network.name} in the US, with new titles as you scroll.`,
		url: `${data.origin}/networks/${data.network.slug}`,
	})
}

export default function NetworkPage({ loaderData }: Route.ComponentProps) {
	if (loaderData.state === 'not-found') {
		return (
			<div data-testid="network-not-found">
				<EmptyState heading="h1" title={NETWORK_NOT_FOUND_TEXT}>
					<p>There is no streaming network called “{loaderData.slug}”.</p>
					<Link to="/networks" prefetch="intent" className={cn(buttonClass('primary'), 'mt-4')}>
						Browse Networks
					</Link>
				</EmptyState>
			</div>
		)
	}
	const { network, filter, items, hasMore, failed } = loaderData
	const loadPage = async (page: number, signal: AbortSignal) =>
		loadNetworkPage(filter, page, (kind, p) =>
			catalogRequest<TmdbPage<MediaListItem>>(`/discover/${kind}`, discoverQuery(network, p), signal),
		)
	return (
		<div className="flex flex-col gap-6" data-testid="network-page">
			<header className="flex flex-col gap-4">
				<PageTitle>{network.name}</PageTitle>
				<p className="text-muted">Movies and series available on {network.name} in the US.</p>
				<nav aria-label="Networks" className="flex flex-wrap gap-2">
					{NETWORKS.map((n) => (
						<Link
							key={n.slug}
							to={`/networks/${n.slug}${filter === 'all' ? '' : `?type=${filter}`}`}
							prefetch="intent"
							aria-current={n.slug === network.slug ? 'page' : undefined}
							className={cn(
								'rounded-full border px-3 py-1 text-sm',
								n.slug === network.slug ? 'border-accent bg-accent text-accent-foreground' : 'border-border hover:bg-surface-2',
							)}
						>
							{n.name}
						</Link>
					))}
				</nav>
				<FilterLinks base={`/networks/${network.slug}`} current={filter} />
			</header>
			{failed ? (
				<p role="alert" className="text-muted">
					Something went wrong loading {network.name}. Please try again.
				</p>
			) : (
				<InfiniteMediaGrid
					key={`${network.slug}-${filter}`}
					label={`${network.name} titles`}
					initialItems={items}
					initialHasMore={hasMore}
					loadPage={loadPage}
					emptyText={NETWORK_EMPTY_TEXT}
				/>
			)}
		</div>
	)
}
