import { Link } from 'react-router'
import { movieList, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { MediaCard } from '#app/components/catalog/media-card.tsx'
import { interleave } from '#app/lib/browse/lists.ts'
import { toCards, uniqueMedia } from '#app/lib/browse/media.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { NETWORKS, WATCH_REGION } from '#app/lib/catalog/networks.ts'
import type { Route } from './+types/networks.ts'

const PREVIEW_ITEMS = 5

export async function loader({ request }: Route.LoaderArgs) {
	const previews = await Promise.all(
		NETWORKS.map(async (network) => {
			const query = { with_watch_providers: network.providerId, watch_region: WATCH_REGION, page: 1 }
			const [movies, series] = await Promise.all([movieList('/discover/movie', query), tvList('/discover/tv', query)])
			return { slug: network.slug, items: toCards(uniqueMedia(interleave(series.results, movies.results)).slice(0, PREVIEW_ITEMS)) }
		}),
	)
	return { origin: originOf(request), previews }
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: 'Streaming networks',
		description:
			'Browse movies and series by streaming service: Netflix, Hulu, Disney+, HBO Max, Amazon Prime, Apple TV+, Paramount+ and Peacock.',
		url: data ? `${data.origin}/networks` : undefined,
	})
}

export default function NetworksPage({ loaderData }: Route.ComponentProps) {
	const { previews } = loaderData
	return (
		<div className="flex flex-col gap-12" data-testid="networks-page">
			<section className="rounded-2xl bg-gradient-to-br from-surface-3 to-surface-2 p-8 sm:p-12">
				<h1 className="text-3xl font-black tracking-tight sm:text-5xl">Streaming networks</h1>
				<p className="mt-3 max-w-2xl text-muted">Find what is on each service. Pick a network to browse its movies and series.</p>
			</section>
			<section aria-labelledby="network-grid">
				<h2 id="network-grid" className="sr-only">
					Networks
				</h2>
				<ul className="grid grid-cols-2 gap-4 sm:grid-cols-4" data-testid="network-grid">
					{NETWORKS.map((network) => (
						<li key={network.slug}>
							<Link
								to={`/networks/${network.slug}`}
								prefetch="intent"
								className="flex h-24 items-center justify-center rounded-xl border border-border bg-surface-2 text-lg font-bold hover:border-accent hover:bg-surface-3"
							>
								{network.name}
							</Link>
						</li>
					))}
				</ul>
			</section>
			{NETWORKS.map((network) => {
				const items = previews.find((p) => p.slug === network.slug)?.items ?? []
				return (
					<section
						key={network.slug}
						aria-labelledby={`preview-${network.slug}`}
						className="flex flex-col gap-3"
						data-testid="network-preview"
					>
						<div className="flex items-center justify-between">
							<h2 id={`preview-${network.slug}`} className="text-xl font-semibold">
								{network.name}
							</h2>
							<Link to={`/networks/${network.slug}`} prefetch="intent" className="text-sm font-medium text-accent hover:underline">
								View all<span className="sr-only"> on {network.name}</span>
							</Link>
						</div>
						{items.length === 0 ? (
							<p className="text-sm text-muted">No content found for this network</p>
						) : (
							<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
								{items.map((item) => (
									<li key={`${item.media_type}-${item.id}`}>
										<MediaCard item={item} sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 45vw" />
									</li>
								))}
							</ul>
						)}
					</section>
				)
			})}
			<section aria-labelledby="all-networks" className="flex flex-col gap-3">
				<h2 id="all-networks" className="text-xl font-semibold">
					All Streaming Networks
				</h2>
				<ul className="divide-y divide-border rounded-xl border border-border">
					{NETWORKS.map((network) => (
						<li key={network.slug}>
							<Link
								to={`/networks/${network.slug}`}
								prefetch="intent"
								className="flex items-center justify-between px-4 py-3 hover:bg-surface-2"
							>
								<span className="font-medium">{network.name}</span>
								<span className="text-sm text-muted">Movies and series</span>
							</Link>
						</li>
					))}
				</ul>
			</section>
		</div>
	)
}
