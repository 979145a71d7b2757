import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { movieList, originOf, tvList } from '#server/catalog/page-data.server.ts'
import { MediaCard } from '#app/components/catalog/media-card.tsx'
import { MediaRow } from '#app/components/catalog/media-row.tsx'
import { wrapIndex } from '#app/lib/browse/carousel.ts'
import { interleave } from '#app/lib/browse/lists.ts'
import { toCards, uniqueMedia } from '#app/lib/browse/media.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { CATEGORIES, findCategory } from '#app/lib/catalog/categories.ts'
import type { Route } from './+types/categories.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'

// product.md §9: 10 hero items shown 5 at a time, 6 highlight rows of 5, 8 hero chips.
const HERO_ITEMS = 10
const HERO_VISIBLE = 5
const HIGHLIGHT_SLUGS = ['action', 'comedy', 'drama', 'horror', 'sci-fi', 'animation'] as const
const HIGHLIGHT_ITEMS = 5
const HERO_CHIPS = ['action', 'adventure', 'animation', 'comedy', 'crime', 'drama', 'horror', 'romance'] as const

export async function loader({ request }: Route.LoaderArgs) {
	const [trendingMovies, trendingTv, ...highlights] = await Promise.all([
		movieList('/trending/movie/day'),
		tvList('/trending/tv/day'),
		...HIGHLIGHT_SLUGS.map((slug) => {
			const category = findCategory(slug)!
			return movieList('/discover/movie', { with_genres: category.movieGenreId, page: 1 })
		}),
	])
	const trending = uniqueMedia(interleave(trendingMovies.results, trendingTv.results))
	return {
		origin: originOf(request),
		hero: toCards(trending.slice(0, HERO_ITEMS)),
		trending: toCards(trending.slice(0, 20)),
		highlights: HIGHLIGHT_SLUGS.map((slug, index) => ({
			slug,
			name: findCategory(slug)!.name,
			items: toCards((highlights[index]?.results ?? []).slice(0, HIGHLIGHT_ITEMS)),
		})),
	}
}

export function meta({ data }: Route.MetaArgs) {
	return pageMeta({
		title: 'Categories',
		description: 'Browse movies and series by genre: action, comedy, drama, horror, sci-fi, animation and more.',
		url: data ? `${data.origin}/categories` : undefined,
	})
}

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
	const { hero, trending, highlights } = loaderData
	const [start, setStart] = useState(0)
	const visible = Array.from({ length: Math.min(HERO_VISIBLE, hero.length) }, (_, i) => hero[wrapIndex(start + i, hero.length)]!)
	return (
		<div className="flex flex-col gap-12" data-testid="categories-page">
			<section className="flex flex-col gap-6 rounded-2xl bg-gradient-to-br from-surface-3 to-surface-2 p-6 sm:p-10">
				<div>
					<h1 className="text-3xl font-black tracking-tight sm:text-5xl">Categories</h1>
					<p className="mt-2 max-w-2xl text-muted">Pick a genre, or start with what everyone is watching.</p>
				</div>
				<nav aria-label="Popular genres" className="flex flex-wrap gap-2" data-testid="hero-chips">
					{HERO_CHIPS.map((slug) => (
						<Link
							key={slug}
							to={`/categories/${slug}`}
							prefetch="intent"
							className="rounded-full border border-border bg-surface px-4 py-1.5 text-sm font-medium hover:border-accent"
						>
							{findCategory(slug)?.name}
						</Link>
					))}
				</nav>
				{hero.length > 0 ? (
					<div className="flex flex-col gap-3">
						<div className="flex items-center justify-end gap-1">
							<IconButton
								variant="bare"
								className="rounded-full p-2 hover:bg-surface"
								label="Previous titles"
								onClick={() => setStart((s) => wrapIndex(s - HERO_VISIBLE, hero.length))}
							>
								<ChevronLeft className="h-5 w-5" aria-hidden="true" />
							</IconButton>
							<IconButton
								variant="bare"
								className="rounded-full p-2 hover:bg-surface"
								label="Next titles"
								onClick={() => setStart((s) => wrapIndex(s + HERO_VISIBLE, hero.length))}
							>
								<ChevronRight className="h-5 w-5" aria-hidden="true" />
							</IconButton>
						</div>
						<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-live="polite" data-testid="categories-hero">
							{visible.map((item, index) => (
								<li key={`${item.media_type}-${item.id}`} className={index >= 2 ? 'hidden sm:block' : undefined}>
									<MediaCard item={item} priority={index < 2} sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 45vw" />
								</li>
							))}
						</ul>
					</div>
				) : null}
			</section>
			<MediaRow title="Trending Now" items={trending} testId="row-trending-now" />
			{highlights.map((row) => (
				<MediaRow
					key={row.slug}
					title={row.name}
					items={row.items}
					viewAllHref={`/categories/${row.slug}`}
					emptyText="No movies found for this category"
					testId="genre-highlight"
				/>
			))}
			<section aria-labelledby="all-categories" className="flex flex-col gap-3">
				<h2 id="all-categories" className="text-xl font-semibold">
					All Categories
				</h2>
				<ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" data-testid="all-categories">
					{CATEGORIES.map((category) => (
						<li key={category.slug}>
							<Link
								to={`/categories/${category.slug}`}
								prefetch="intent"
								className="flex h-16 items-center justify-center rounded-xl border border-border bg-surface-2 px-3 text-center font-semibold hover:border-accent hover:bg-surface-3"
							>
								{category.name}
							</Link>
						</li>
					))}
				</ul>
			</section>
		</div>
	)
}
