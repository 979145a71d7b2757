import { LoadError } from '#app/components/catalog/load-error.tsx'
import { MediaGrid, NO_MOVIES_TEXT } from '#app/components/catalog/media-row.tsx'
import { SeenMediaRow } from '#app/components/catalog/seen-media-row.tsx'
import { networkDiscoverQuery } from '#app/components/catalog/network-row.tsx'
import { cardsOf, derivedFrom, heroItems, movieList, originOf } from '#server/catalog/page-data.server.ts'
import { HERO_ITEMS_DESKTOP, HOME_ROW_LIMIT } from '#app/lib/browse/carousel.ts'
import { toCards } from '#app/lib/browse/media.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import { hydrateWhenSeen } from '#app/components/ui/hydrate-when-seen.tsx'
import type { CardMedia } from '#app/components/catalog/media-card.tsx'
import type { Route } from './+types/movies.ts'

// The carousel and the network row are in the HTML; their code (arrows, rotation) loads after the first load.
const HeroCarousel = lazyHydrated(() => import('#app/components/catalog/hero-carousel.tsx').then((m) => m.HeroCarousel))
const NetworkRow = lazyHydrated(() => import('#app/components/catalog/network-row.tsx').then((m) => m.NetworkRow))
import { PageTitle } from '#app/components/ui/page-header.tsx'

export async function loader({ request }: Route.LoaderArgs) {
	const network = NETWORKS[Math.floor(Math.random() * NETWORKS.length)]!
	const [trending, popular, popular2, topRated, upcoming, networkItems] = await Promise.all([
		movieList('/trending/movie/day'),
		movieList('/movie/popular'),
		movieList('/movie/popular', { page: 2 }),
		movieList('/movie/top_rated'),
		movieList('/movie/upcoming'),
		movieList('/discover/movie', networkDiscoverQuery(network)),
	])
	const failed = [trending, popular, topRated, upcoming].every((list) => list.results.length === 0)
	const heroSource = derivedFrom([popular.results], 'hero-source', () =>
		popular.results.filter((item) => item.backdrop_path).slice(0, HERO_ITEMS_DESKTOP),
	)
	return {
		origin: originOf(request),
		failed,
		hero: await heroItems(heroSource),
		featured: cardsOf(topRated.results),
		trending: cardsOf(trending.results, HOME_ROW_LIMIT),
		popular: cardsOf(popular.results),
		popularGrid: derivedFrom([popular.results, popular2.results], 'grid', () =>
			toCards([...popular.results, ...popular2.results].slice(0, 30)),
		),
		upcoming: cardsOf(upcoming.results),
		network: { slug: network.slug, items: cardsOf(networkItems.results) },
	}
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: 'Movies',
		description: 'Featured, trending, popular and upcoming movies, and what is on each streaming service.',
		url: data ? `${data.origin}/movies` : undefined,
	})
}

/** The grid of more popular movies, far below the fold on a phone: it hydrates once near the viewport (decision 0073). */
const PopularGrid = hydrateWhenSeen(function PopularGrid({ items }: { items: readonly CardMedia[] }) {
	return (
		<section aria-labelledby="popular-grid" className="flex flex-col gap-3">
			<h2 id="popular-grid" className="text-xl font-semibold">
				More popular movies
			</h2>
			<MediaGrid items={items} label="More popular movies" />
		</section>
	)
})

export default function MoviesPage({ loaderData }: Route.ComponentProps) {
	const data = loaderData
	if (data.failed) return <LoadError />
	return (
		<div className="flex flex-col gap-10" data-testid="movies-page">
			<PageTitle>Movies</PageTitle>
			<NetworkRow
				key={data.network.slug}
				initialSlug={data.network.slug}
				initialKind="movie"
				initialItems={data.network.items}
				allowKindSwitch={false}
			/>
			<HeroCarousel items={data.hero} label="Popular movies" />
			<SeenMediaRow title="Featured" emptyText={NO_MOVIES_TEXT} items={data.featured} testId="row-featured" />
			<SeenMediaRow
				title="Trending"
				emptyText={NO_MOVIES_TEXT}
				items={data.trending}
				viewAllHref="/discover?tab=trending&type=movie"
				testId="row-trending"
			/>
			<SeenMediaRow
				title="Popular"
				emptyText={NO_MOVIES_TEXT}
				items={data.popular}
				viewAllHref="/discover?tab=popular&type=movie"
				testId="row-popular"
			/>
			<PopularGrid items={data.popularGrid} />
			<SeenMediaRow title="Upcoming" emptyText={NO_MOVIES_TEXT} items={data.upcoming} testId="row-upcoming" />
		</div>
	)
}
