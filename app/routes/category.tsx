import { data, Link } from 'react-router'
import { cachedCatalogGet, originOf } from '#server/catalog/page-data.server.ts'
import { catalogRequest } from '#app/utils/api-client.ts'
import { InfiniteMediaGrid } from '#app/components/catalog/infinite-media-grid.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { toCards, type MediaListItem } from '#app/lib/browse/media.ts'
import { loadGenrePage } from '#app/lib/browse/network-pages.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { CATEGORIES, findCategory, type Category } from '#app/lib/catalog/categories.ts'
import type { TmdbPage } from '#app/lib/catalog/tmdb-types.ts'
import type { Route } from './+types/category.ts'
import { PageTitle } from '#app/components/ui/page-header.tsx'

const GENRE_NOT_FOUND_TEXT = 'Genre Not Found'
const CATEGORY_EMPTY_TEXT = 'No movies found for this category'

function discoverQuery(category: Category, genreId: number, page: number) {
	return category.originalLanguage
		? { with_genres: genreId, with_original_language: category.originalLanguage, page }
		: { with_genres: genreId, page }
}

export async function loader({ params, request }: Route.LoaderArgs) {
	const origin = originOf(request)
	const category = findCategory(params.category)
	if (!category) return data({ state: 'not-found' as const, origin, slug: params.category }, { status: 404 })
	const seed = Math.floor(Math.random() * 1_000_000)
	let first: Awaited<ReturnType<typeof loadGenrePage>> = { items: [], hasMore: false }
	let failed = false
	try {
		first = await loadGenrePage(category, 1, seed, (kind, genreId, page) =>
			cachedCatalogGet<TmdbPage<MediaListItem>>(`/discover/${kind}`, discoverQuery(category, genreId, page)),
		)
	} catch {
		failed = true
	}
	return { state: 'found' as const, origin, category, seed, items: toCards(first.items), hasMore: first.hasMore, failed }
}

export function meta({ data }: Route.MetaArgs) {
	if (!data || data.state === 'not-found')
		return pageMeta({ title: GENRE_NOT_FOUND_TEXT, description: 'This genre is not one Willow knows.' })
	return pageMeta({
		title: `${data.category.name} movies and series`,
		description: `Browse ${data.category.name.toLowerCase()} movies and series, mixed together, with more as you scroll.`,
		url: `${data.origin}/categories/${data.category.slug}`,
	})
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
	if (loaderData.state === 'not-found') {
		return (
			<div data-testid="genre-not-found">
				<EmptyState heading="h1" title={GENRE_NOT_FOUND_TEXT}>
					<p>There is no genre called “{loaderData.slug}”.</p>
					<Link to="/" prefetch="intent" className={cn(buttonClass('primary'), 'mt-4')}>
						Return Home
					</Link>
				</EmptyState>
			</div>
		)
	}
	const { category, seed, items, hasMore, failed } = loaderData
	const loadPage = (page: number, signal: AbortSignal) =>
		loadGenrePage(category, page, seed, (kind, genreId, p) =>
			catalogRequest<TmdbPage<MediaListItem>>(`/discover/${kind}`, discoverQuery(category, genreId, p), signal),
		)
	return (
		<div className="flex flex-col gap-6" data-testid="category-page">
			<header className="flex flex-col gap-3">
				<p className="text-sm font-medium text-accent">
					<Link to="/categories" prefetch="intent" className="hover:underline">
						Categories
					</Link>
				</p>
				<PageTitle>{category.name}</PageTitle>
				<nav aria-label="Other categories" className="relative flex gap-2 overflow-x-auto pb-1">
					{CATEGORIES.map((c) => (
						<Link
							key={c.slug}
							to={`/categories/${c.slug}`}
							prefetch="intent"
							aria-current={c.slug === category.slug ? 'page' : undefined}
							className={cn(
								'shrink-0 rounded-full border px-3 py-1 text-sm',
								c.slug === category.slug ? 'border-accent bg-accent text-accent-foreground' : 'border-border hover:bg-surface-2',
							)}
						>
							{c.name}
						</Link>
					))}
				</nav>
			</header>
			{failed ? (
				<p role="alert" className="text-muted">
					Something went wrong loading {category.name}. Please try again.
				</p>
			) : (
				<InfiniteMediaGrid
					key={category.slug}
					label={`${category.name} titles`}
					initialItems={items}
					initialHasMore={hasMore}
					loadPage={loadPage}
					emptyText={CATEGORY_EMPTY_TEXT}
				/>
			)}
		</div>
	)
}
