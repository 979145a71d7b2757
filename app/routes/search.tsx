import { ArrowDownWideNarrow, ArrowUpNarrowWide, Search } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useNavigation, useSearchParams } from 'react-router'
import { logger } from '#server/logger.server.ts'
import { cachedCatalogGet, movieList, originOf } from '#server/catalog/page-data.server.ts'
import { MediaGrid } from '#app/components/catalog/media-row.tsx'
import { RotatingPlaceholder } from '#app/components/search/rotating-placeholder.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { mediaTitle, toCards, type CardFields } from '#app/lib/browse/media.ts'
import {
	filterByType,
	filterSearchResults,
	nextSearchState,
	SEARCH_DEBOUNCE_MS,
	SEARCH_SORT_LABELS,
	SEARCH_SORTS,
	SEARCH_TYPE_LABELS,
	SEARCH_TYPES,
	searchParamsFor,
	sortSearchResults,
	type SearchState,
} from '#app/lib/browse/search.ts'
import { pageMeta } from '#app/lib/browse/seo.ts'
import { parseSearchParams } from '#app/lib/browse/search-params.ts'
import type { TmdbMultiItem, TmdbPage } from '#app/lib/catalog/tmdb-types.ts'
import type { Route } from './+types/search.ts'
import { PageTitle } from '#app/components/ui/page-header.tsx'
import { Pagination } from '#app/components/ui/pagination.tsx'
import { SegmentedControl } from '#app/components/ui/segmented-control.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { useEarlyInput } from '#app/utils/early-input.ts'

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const state = parseSearchParams(url.searchParams)
	const popular = await movieList('/movie/popular')
	const placeholderTitles = popular.results.slice(0, 12).map((item) => mediaTitle(item))
	const base = { origin: originOf(request), state, placeholderTitles }
	// product.md §5: search runs only for non-empty queries; an empty query clears results.
	if (!state.query) return { ...base, results: [] as CardFields[], totalPages: 0, error: null }
	try {
		const page = await cachedCatalogGet<TmdbPage<TmdbMultiItem>>('/search/multi', { query: state.query, page: state.page })
		// Only movie and tv results are kept (product.md §5); cards carry what sorting needs.
		return {
			...base,
			results: toCards(filterSearchResults(page.results ?? [], 'all')),
			totalPages: Math.min(page.total_pages ?? 1, 500),
			error: null,
		}
	} catch (error) {
		logger.warn({ err: error }, 'search failed')
		return { ...base, results: [] as CardFields[], totalPages: 0, error: (error as Error).message || 'Search failed' }
	}
}

export function meta({ data }: Route.MetaArgs) {
	const query = data?.state.query
	return pageMeta({
		title: query ? `Search: ${query}` : 'Search',
		description: 'Search movies, series and anime by name, filter by type and sort by popularity, rating or release date.',
		url: data ? `${data.origin}/search${query ? `?query=${encodeURIComponent(query)}` : ''}` : undefined,
	})
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
	const { state, results, totalPages, error, placeholderTitles } = loaderData
	const [, setSearchParams] = useSearchParams()
	const navigation = useNavigation()
	const id = useId()
	const [text, setText] = useState(state.query)
	const queryInput = useRef<HTMLInputElement>(null)
	useEarlyInput(queryInput)

	// The address is the source of truth; typing updates it 300 ms after the
	// last change. Only outside changes (back button, links) overwrite the box.
	const pushedQuery = useRef(state.query)
	useEffect(() => {
		if (state.query !== pushedQuery.current) {
			pushedQuery.current = state.query
			setText(state.query)
		}
	}, [state.query])
	const go = (change: Partial<SearchState>) => {
		const next = nextSearchState(state, change)
		pushedQuery.current = next.query
		setSearchParams(searchParamsFor(next), { replace: change.query !== undefined, preventScrollReset: true })
	}
	useEffect(() => {
		const trimmed = text.trim()
		if (trimmed === state.query) return
		const timer = window.setTimeout(() => {
			const next = nextSearchState(state, { query: trimmed })
			pushedQuery.current = next.query
			setSearchParams(searchParamsFor(next), { replace: true, preventScrollReset: true })
		}, SEARCH_DEBOUNCE_MS)
		return () => window.clearTimeout(timer)
	}, [text, state, setSearchParams])

	const shown = useMemo(
		() => sortSearchResults(filterByType(results, state.type), state.sort, state.order),
		[results, state.type, state.sort, state.order],
	)
	const loading = navigation.state === 'loading' && navigation.location.pathname === '/search'

	return (
		<div className="flex flex-col gap-6">
			<PageTitle>Search</PageTitle>
			<form
				role="search"
				method="get"
				action="/search"
				className="flex flex-col gap-4"
				onSubmit={(event) => {
					event.preventDefault()
					go({ query: text.trim() })
				}}
			>
				<div className="relative">
					<label htmlFor={`${id}-query`} className="sr-only">
						Search a movie, series or anime name
					</label>
					<Search className="pointer-events-none absolute top-1/2 left-4 h-5 w-5 -translate-y-1/2 text-muted" aria-hidden="true" />
					<input
						ref={queryInput}
						id={`${id}-query`}
						name="query"
						type="search"
						value={text}
						onChange={(event) => setText(event.target.value)}
						autoComplete="off"
						className="h-14 w-full rounded-xl border border-border bg-surface-2 pr-4 pl-12 text-lg"
						data-testid="search-page-input"
					/>
					{text === '' ? <RotatingPlaceholder titles={placeholderTitles} active className="right-4 left-12 text-lg" /> : null}
				</div>
				<div className="flex flex-wrap items-end gap-4">
					<fieldset className="flex flex-col gap-1">
						<legend className="mb-1 text-sm font-medium">Media Type</legend>
						<SegmentedControl
							value={state.type}
							onChange={(type) => go({ type })}
							options={SEARCH_TYPES.map((type) => ({ value: type, label: SEARCH_TYPE_LABELS[type], testId: `type-${type}` }))}
						/>
					</fieldset>
					<div className="flex flex-col gap-1">
						<label htmlFor={`${id}-sort`} className="text-sm font-medium">
							Sort By
						</label>
						<div className="flex gap-1">
							<Select
								id={`${id}-sort`}
								name="sort"
								tone="raised"
								value={state.sort}
								onChange={(event) => go({ sort: event.target.value as SearchState['sort'] })}
								data-testid="sort-select"
							>
								{SEARCH_SORTS.map((sort) => (
									<option key={sort} value={sort}>
										{SEARCH_SORT_LABELS[sort]}
									</option>
								))}
							</Select>
							<button
								type="button"
								onClick={() => go({ order: state.order === 'desc' ? 'asc' : 'desc' })}
								className="inline-flex h-10 items-center gap-1 rounded-md border border-border px-3 text-sm hover:bg-surface-2"
								aria-label={`Order: ${state.order === 'desc' ? 'descending' : 'ascending'}. Switch to ${state.order === 'desc' ? 'ascending' : 'descending'}`}
								data-testid="order-toggle"
							>
								{state.order === 'desc' ? (
									<ArrowDownWideNarrow className="h-4 w-4" aria-hidden="true" />
								) : (
									<ArrowUpNarrowWide className="h-4 w-4" aria-hidden="true" />
								)}
								{state.order === 'desc' ? 'Desc' : 'Asc'}
							</button>
						</div>
					</div>
				</div>
			</form>
			<section aria-labelledby={`${id}-results`} aria-busy={loading} className={cn('flex flex-col gap-4', loading && 'opacity-60')}>
				<h2 id={`${id}-results`} className="text-sm font-bold tracking-widest text-muted">
					SEARCH RESULTS
				</h2>
				{error ? (
					<p role="alert" className="text-red-700 dark:text-red-400" data-testid="search-page-error">
						{`Error: ${error}, try checking your internet connection`}
					</p>
				) : !state.query ? (
					<p className="text-muted">Type a title above to search movies and series.</p>
				) : shown.length === 0 ? (
					<p className="text-muted" data-testid="search-page-empty">{`No results found for "${state.query}"`}</p>
				) : (
					<MediaGrid items={shown} label={`Results for ${state.query}`} priorityCount={6} />
				)}
				{state.query && !error ? (
					<Pagination page={state.page} totalPages={totalPages} hrefFor={(page) => `/search?${searchParamsFor({ ...state, page })}`} />
				) : null}
			</section>
		</div>
	)
}
