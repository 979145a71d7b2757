import { LayoutGrid, Tv } from 'lucide-react'
import { Link } from 'react-router'
import { movieList, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { MediaCard } from '#app/components/catalog/media-card.tsx'
import { MediaGrid } from '#app/components/catalog/media-row.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { interleave } from '#app/lib/browse/lists.ts'
import { MEDIA_FILTER_LABELS, MEDIA_FILTERS, parseMediaFilter, type MediaFilter } from '#app/lib/catalog/media-type.ts'
import { toCards, uniqueMedia } from '#app/lib/browse/media.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { findNetwork, NETWORKS, WATCH_REGION } from '#app/lib/catalog/networks.ts'
import type { Route } from './+types/discover.ts'
import { PageTitle } from '#app/components/ui/page-header.tsx'

const FEATURED_COUNT = 6
const EMPTY_TEXT = 'No content found. Try adjusting your filters.'
type Tab = 'trending' | 'popular'

function discoverHref(tab: Tab, type: MediaFilter, provider: string | undefined) {
	const params = new URLSearchParams()
	if (tab !== 'trending') params.set('tab', tab)
	if (type !== 'all') params.set('type', type)
	if (provider) params.set('provider', provider)
	const query = params.toString()
	return `/discover${query ? `?${query}` : ''}`
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const tab: Tab = url.searchParams.get('tab') === 'popular' ? 'popular' : 'trending'
	const type = parseMediaFilter(url.searchParams.get('type'))
	const network = findNetwork(url.searchParams.get('provider') ?? '')
	const wantMovies = type !== 'tv'
	const wantSeries = type !== 'movie'
	const empty = { results: [], totalPages: 0, failed: false }
	const [movies, series] = await Promise.all([
		!wantMovies
			? empty
			: network
				? movieList('/discover/movie', {
						with_watch_providers: network.providerId,
						watch_region: WATCH_REGION,
						sort_by: 'popularity.desc',
						page: 1,
					})
				: movieList(tab === 'trending' ? '/trending/movie/day' : '/movie/popular'),
		!wantSeries
			? empty
			: network
				? tvList('/discover/tv', {
						with_watch_providers: network.providerId,
						watch_region: WATCH_REGION,
						sort_by: 'popularity.desc',
						page: 1,
					})
				: tvList(tab === 'trending' ? '/trending/tv/day' : '/tv/popular'),
	])
	const items = toCards(uniqueMedia(interleave(movies.results, series.results)))
	return { origin: originOf(request), tab, type, provider: network?.slug, items }
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: 'Discover',
		description: 'Discover trending and popular movies and series, filtered by type and streaming service.',
		url: data ? `${data.origin}/discover` : undefined,
	})
}

export default function DiscoverPage({ loaderData }: Route.ComponentProps) {
	const { tab, type, provider, items } = loaderData
	const featured = items.slice(0, FEATURED_COUNT)
	const rest = items.slice(FEATURED_COUNT)
	const chip = (active: boolean) =>
		cn(
			'rounded-full border px-3 py-1 text-sm',
			active ? 'border-accent bg-accent text-accent-foreground' : 'border-border hover:bg-surface-2',
		)
	return (
		<div className="flex flex-col gap-8" data-testid="discover-page">
			<header className="flex flex-col gap-4">
				<PageTitle>Discover</PageTitle>
				<div className="flex flex-wrap items-center gap-3">
					<nav aria-label="Lists" className="flex gap-1 rounded-lg bg-surface-2 p-1" data-testid="discover-tabs">
						{(['trending', 'popular'] as const).map((t) => (
							<Link
								key={t}
								to={discoverHref(t, type, provider)}
								prefetch="intent"
								preventScrollReset
								aria-current={t === tab ? 'page' : undefined}
								className={cn(
									'rounded-md px-4 py-1.5 text-sm font-medium',
									t === tab ? 'bg-accent text-accent-foreground' : 'hover:bg-surface-3',
								)}
							>
								{t === 'trending' ? 'Trending' : 'Popular'}
							</Link>
						))}
					</nav>
					<Link
						to="/categories"
						prefetch="intent"
						className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2"
					>
						<LayoutGrid className="h-4 w-4" aria-hidden="true" /> Categories
					</Link>
					<Link
						to="/networks"
						prefetch="intent"
						className="inline-flex items-center gap-1 rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2"
					>
						<Tv className="h-4 w-4" aria-hidden="true" /> Networks
					</Link>
				</div>
				<nav aria-label="Media type" className="flex gap-1 self-start rounded-lg bg-surface-2 p-1" data-testid="media-filter">
					{MEDIA_FILTERS.map((f) => (
						<Link
							key={f}
							to={discoverHref(tab, f, provider)}
							prefetch="intent"
							preventScrollReset
							aria-current={f === type ? 'page' : undefined}
							className={cn('rounded-md px-3 py-1.5 text-sm', f === type ? 'bg-accent text-accent-foreground' : 'hover:bg-surface-3')}
						>
							{MEDIA_FILTER_LABELS[f]}
						</Link>
					))}
				</nav>
				<nav aria-label="Streaming services" className="flex flex-wrap gap-2" data-testid="streaming-chips">
					<Link
						to={discoverHref(tab, type, undefined)}
						prefetch="intent"
						preventScrollReset
						aria-current={!provider ? 'page' : undefined}
						className={chip(!provider)}
					>
						All services
					</Link>
					{NETWORKS.map((n) => (
						<Link
							key={n.slug}
							to={discoverHref(tab, type, n.slug)}
							prefetch="intent"
							preventScrollReset
							aria-current={provider === n.slug ? 'page' : undefined}
							className={chip(provider === n.slug)}
						>
							{n.slug === 'amazon-prime' ? 'Prime Video' : n.name}
						</Link>
					))}
				</nav>
			</header>
			{items.length === 0 ? (
				<p className="py-12 text-center text-muted" data-testid="discover-empty">
					{EMPTY_TEXT}
				</p>
			) : (
				<>
					<section aria-labelledby="featured" className="flex flex-col gap-3">
						<h2 id="featured" className="text-xl font-semibold">
							Featured
						</h2>
						<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6" data-testid="discover-featured">
							{featured.map((item, index) => (
								<li key={`${item.media_type}-${item.id}`}>
									<MediaCard item={item} priority={index < 3} sizes="(min-width: 1024px) 200px, (min-width: 640px) 30vw, 45vw" />
								</li>
							))}
						</ul>
					</section>
					{rest.length > 0 ? (
						<section aria-labelledby="more" className="flex flex-col gap-3">
							<h2 id="more" className="text-xl font-semibold">
								More to discover
							</h2>
							<MediaGrid items={rest} label="More to discover" />
						</section>
					) : null}
				</>
			)}
		</div>
	)
}
