import { Search } from 'lucide-react'
import { Suspense } from 'react'
import { Await, Form, Link } from 'react-router'
import { LoadError } from '#app/components/catalog/load-error.tsx'
import { MediaGrid, MediaRowSkeleton } from '#app/components/catalog/media-row.tsx'
import { SeenMediaRow } from '#app/components/catalog/seen-media-row.tsx'
import { cardsOf, derivedFrom, heroItems, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { HERO_ITEMS_DESKTOP } from '#app/lib/browse/carousel.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { CATEGORIES } from '#app/lib/catalog/categories.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import type { Route } from './+types/series.ts'

// The carousel is in the HTML; its code (arrows, rotation) loads after the first load.
const HeroCarousel = lazyHydrated(() => import('#app/components/catalog/hero-carousel.tsx').then((m) => m.HeroCarousel))
import { PageTitle } from '#app/components/ui/page-header.tsx'

const SERIES_TITLE = 'Willow - Watch whatever series or anime you want?'

export async function loader({ request }: Route.LoaderArgs) {
	// Popular Series is not lazy-loaded; the other rows stream in behind shimmer placeholders.
	const featured = tvList('/tv/top_rated').then((list) => cardsOf(list.results))
	const trending = tvList('/trending/tv/day').then((list) => cardsOf(list.results))
	const upcoming = tvList('/tv/on_the_air').then((list) => cardsOf(list.results))
	const popular = await tvList('/tv/popular')
	const heroSource = derivedFrom([popular.results], 'hero-source', () =>
		popular.results.filter((item) => item.backdrop_path).slice(0, HERO_ITEMS_DESKTOP),
	)
	return { origin: originOf(request), popular: cardsOf(popular.results), hero: await heroItems(heroSource), featured, trending, upcoming }
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: SERIES_TITLE,
		description: 'Featured, trending, popular and upcoming series and anime.',
		url: data ? `${data.origin}/series` : undefined,
	})
}

function Deferred<T extends readonly object[]>({
	title,
	promise,
	children,
}: {
	title: string
	promise: Promise<T>
	children: (items: T) => React.ReactNode
}) {
	return (
		<Suspense fallback={<MediaRowSkeleton title={title} />}>
			<Await resolve={promise} errorElement={<p className="text-sm text-muted">Could not load {title}.</p>}>
				{children}
			</Await>
		</Suspense>
	)
}

export default function SeriesPage({ loaderData }: Route.ComponentProps) {
	const { popular, hero, featured, trending, upcoming } = loaderData
	return (
		<div className="flex flex-col gap-10" data-testid="series-page">
			<PageTitle>{SERIES_TITLE}</PageTitle>
			{popular.length === 0 ? (
				<LoadError />
			) : (
				<>
					<div className="flex flex-col gap-3 sm:flex-row sm:items-center" data-testid="series-search-row">
						<Form method="get" action="/search" role="search" className="relative w-full sm:max-w-sm">
							<input type="hidden" name="type" value="tv" />
							<label htmlFor="series-search" className="sr-only">
								Search series
							</label>
							<Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
							<input
								id="series-search"
								name="query"
								type="search"
								placeholder="Search series or anime"
								className="h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm placeholder:text-muted"
							/>
						</Form>
						<nav aria-label="Series categories" className="relative flex gap-2 overflow-x-auto pb-1">
							{CATEGORIES.filter((c) => c.tvGenreId).map((c) => (
								<Link
									key={c.slug}
									to={`/categories/${c.slug}`}
									prefetch="intent"
									className="shrink-0 rounded-full border border-border px-3 py-1 text-sm hover:bg-surface-2"
								>
									{c.name}
								</Link>
							))}
						</nav>
					</div>
					<HeroCarousel items={hero} label="Popular series" />
					<Deferred title="Featured Series" promise={featured}>
						{(items) => <SeenMediaRow title="Featured Series" items={items} testId="row-featured-series" />}
					</Deferred>
					<Deferred title="Trending Series" promise={trending}>
						{(items) => (
							<SeenMediaRow
								title="Trending Series"
								items={items}
								viewAllHref="/discover?tab=trending&type=tv"
								testId="row-trending-series"
							/>
						)}
					</Deferred>
					<SeenMediaRow title="Popular Series" items={popular} viewAllHref="/discover?tab=popular&type=tv" testId="row-popular-series" />
					<Deferred title="Upcoming Series" promise={upcoming}>
						{(items) => <SeenMediaRow title="Upcoming Series" items={items} testId="row-upcoming-series" />}
					</Deferred>
					<Deferred title="Popular Series" promise={featured}>
						{(items) => (
							<section aria-labelledby="popular-series-grid" className="flex flex-col gap-3">
								<h2 id="popular-series-grid" className="text-xl font-semibold">
									More Popular Series
								</h2>
								<MediaGrid items={items} label="More Popular Series" />
							</section>
						)}
					</Deferred>
				</>
			)}
		</div>
	)
}
