import { HomeContinueWatching } from '#app/components/catalog/lazy-library.tsx'
import { LoadError } from '#app/components/catalog/load-error.tsx'
import { NO_MOVIES_TEXT } from '#app/components/catalog/media-row.tsx'
import { SeenMediaRow } from '#app/components/catalog/seen-media-row.tsx'
import { networkDiscoverQuery } from '#app/components/catalog/network-row.tsx'
import { cardsOf, derivedFrom, heroItems, movieList, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { HERO_ITEMS_DESKTOP, HOME_POPULAR_LIMIT, HOME_ROW_LIMIT } from '#app/lib/browse/carousel.ts'
import { interleave } from '#app/lib/browse/lists.ts'
import { toCards, uniqueMedia } from '#app/lib/browse/media.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { NETWORKS } from '#app/lib/catalog/networks.ts'
import { HomeAdSlot, HomeInfoBanner } from '#app/components/promo/lazy-promo.tsx'
import { getHomePromo } from '#server/promo/promo.server.ts'
import { catalogFaultRequested } from '#server/testing/test-switches.server.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import type { Route } from './+types/home.ts'

// The carousel and the network row are in the HTML; their code (arrows, rotation) loads after the first load.
const HeroCarousel = lazyHydrated(() => import('#app/components/catalog/hero-carousel.tsx').then((m) => m.HeroCarousel))
const NetworkRow = lazyHydrated(() => import('#app/components/catalog/network-row.tsx').then((m) => m.NetworkRow))

export async function loader({ request }: Route.LoaderArgs) {
	const network = NETWORKS[Math.floor(Math.random() * NETWORKS.length)]!
	const [trendingMovies, trendingTv, popularMovies, popularTv, upcoming, networkItems] = await Promise.all([
		movieList('/trending/movie/day'),
		tvList('/trending/tv/day'),
		movieList('/movie/popular'),
		tvList('/tv/popular'),
		movieList('/movie/upcoming'),
		tvList('/discover/tv', networkDiscoverQuery(network)),
	])
	const lists = [trendingMovies, trendingTv, popularMovies, popularTv, upcoming]
	const failed = catalogFaultRequested(request) || lists.every((list) => list.results.length === 0)
	const heroSource = derivedFrom([trendingMovies.results, trendingTv.results], 'hero-source', () =>
		uniqueMedia(interleave(trendingMovies.results, trendingTv.results))
			.filter((item) => item.backdrop_path)
			.slice(0, HERO_ITEMS_DESKTOP),
	)
	const popular = derivedFrom([popularTv.results, popularMovies.results], 'popular', () =>
		toCards(uniqueMedia(interleave(popularTv.results, popularMovies.results)).slice(0, HOME_POPULAR_LIMIT)),
	)
	return {
		origin: originOf(request),
		failed,
		promo: getHomePromo(request),
		hero: await heroItems(heroSource),
		popular,
		trendingMovies: cardsOf(trendingMovies.results, HOME_ROW_LIMIT),
		trendingTv: cardsOf(trendingTv.results, HOME_ROW_LIMIT),
		popularMovies: cardsOf(popularMovies.results),
		upcoming: cardsOf(upcoming.results, HOME_ROW_LIMIT),
		network: { slug: network.slug, items: cardsOf(networkItems.results) },
	}
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: 'Willow - Watch movies, series and anime',
		description: 'Browse trending and popular movies, series and anime, keep bookmarks and pick up where you left off.',
		url: data ? `${data.origin}/` : undefined,
	})
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const data = loaderData
	if (data.failed) return <LoadError />
	return (
		<div className="flex flex-col gap-10">
			<h1 className="sr-only">Willow: watch movies, series and anime</h1>
			<HomeInfoBanner promo={data.promo} />
			<HeroCarousel items={data.hero} label="Trending now" />
			<HomeContinueWatching />
			<NetworkRow key={data.network.slug} initialSlug={data.network.slug} initialItems={data.network.items} />
			<HomeAdSlot promo={data.promo} slot={0} />
			<SeenMediaRow title="Popular Shows and Movies" items={data.popular} testId="row-popular-mixed" />
			<SeenMediaRow
				title="Trending Movies"
				emptyText={NO_MOVIES_TEXT}
				items={data.trendingMovies}
				viewAllHref="/discover?tab=trending&type=movie"
				testId="row-trending-movies"
			/>
			<SeenMediaRow
				title="Trending TV Series"
				items={data.trendingTv}
				viewAllHref="/discover?tab=trending&type=tv"
				testId="row-trending-tv"
			/>
			<HomeAdSlot promo={data.promo} slot={1} />
			<SeenMediaRow
				title="Popular Movies"
				emptyText={NO_MOVIES_TEXT}
				items={data.popularMovies}
				viewAllHref="/discover?tab=popular&type=movie"
				testId="row-popular-movies"
			/>
			<SeenMediaRow title="Upcoming Movies" emptyText={NO_MOVIES_TEXT} items={data.upcoming} testId="row-upcoming-movies" />
		</div>
	)
}
