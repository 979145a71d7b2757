import { Bookmark as BookmarkIcon, Star, X } from 'lucide-react'
import { lazy, Suspense, useEffect, useId, useMemo, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { MediaImage } from '#app/components/catalog/media-image.tsx'
import { CategoryManager } from '#app/components/library/category-manager.tsx'
import { ServiceImport } from '#app/components/library/service-import.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { SegmentedControl } from '#app/components/ui/segmented-control.tsx'
import { Select } from '#app/components/ui/select.tsx'
import { Skeleton } from '#app/components/ui/skeleton.tsx'
import { SKELETON_COUNTS } from '#app/lib/browse/carousel.ts'
import { cn } from '#app/lib/ui/cn.ts'
import { BOOKMARK_SORTS, queryBookmarks, warmBookmarkIndex, type BookmarkSort } from '#app/lib/library/bookmark-query.ts'
import { categoryLabel } from '#app/lib/library/bookmarks.ts'
import { MEDIA_FILTER_LABELS, MEDIA_FILTERS } from '#app/lib/catalog/media-type.ts'
import type { Bookmark } from '#app/lib/library/types.ts'
import { movieHref, seriesHref } from '#app/lib/catalog/slug.ts'
import { useBookmarks } from '#app/stores/library.ts'
import { LibraryTransfer } from './library-transfer.tsx'

// The cards' bookmark control brings Radix's menu (about 90 KB as served): an empty library never
// loads it, and a full one loads it once the cards are on screen, in a box of the control's size.
const BookmarkButton = lazy(() => import('#app/components/library/bookmark-button.tsx').then((m) => ({ default: m.BookmarkButton })))
const BOOKMARK_BUTTON_BOX = <div className="h-9 w-15 rounded-md bg-surface-2" aria-hidden="true" />

const SORT_LABELS: Record<BookmarkSort, string> = { 'date-added': 'Date added', title: 'Title', rating: 'Rating' }
const PAGE_SIZE = 60

function pick<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
	return options.includes(value as T) ? (value as T) : fallback
}

/**
 * The bookmarks page: lists, filters, the grid and the lists panel. The route
 * hydrates it lazily, so its code (the library store and its validation) is not
 * in the page's first load; the server's HTML shows its loading state meanwhile.
 */
export function BookmarksPage() {
	const { ready, error, bookmarks, categories } = useBookmarks()
	const [params, setParams] = useSearchParams()
	const sort = pick(params.get('sort'), BOOKMARK_SORTS, 'date-added')
	const mediaType = pick(params.get('type'), MEDIA_FILTERS, 'all')
	const listParam = params.get('list')
	const list = listParam && categories.includes(listParam) ? listParam : 'all'
	const [shown, setShown] = useState(PAGE_SIZE)
	const entries = useMemo(() => queryBookmarks(bookmarks, { sort, mediaType, category: list }), [bookmarks, sort, mediaType, list])
	// Other sorts are prepared while the browser is idle, so switching is instant.
	useEffect(() => {
		if (bookmarks.length < 500 || typeof requestIdleCallback !== 'function') return
		const handle = requestIdleCallback(() => warmBookmarkIndex(bookmarks), { timeout: 2_000 })
		return () => cancelIdleCallback(handle)
	}, [bookmarks])
	const titleCount = useMemo(() => new Set(bookmarks.map((b) => b.mediaId)).size, [bookmarks])
	const ids = useId()

	const update = (key: string, value: string, fallback: string) => {
		setShown(PAGE_SIZE)
		setParams(
			(current) => {
				const next = new URLSearchParams(current)
				if (value === fallback) next.delete(key)
				else next.set(key, value)
				return next
			},
			{ replace: true, preventScrollReset: true },
		)
	}

	return (
		// data-pending marks the page until its code has hydrated and the library is read (tests wait for it to go).
		<div data-pending={ready ? undefined : 'library'}>
			<PageHeader
				title="My Bookmarks"
				description={
					ready && titleCount > 0
						? `${titleCount} ${titleCount === 1 ? 'title' : 'titles'} across your lists.`
						: 'Titles you keep, in lists you choose. Stored on this device.'
				}
			/>
			{error ? (
				<p role="alert" className="mb-4 rounded-md border border-red-700/40 bg-red-700/10 p-3 text-sm">
					{error}
				</p>
			) : null}
			<div className="grid gap-6 lg:grid-cols-[1fr_18rem]">
				<div className="min-w-0">
					<div className="mb-4 flex flex-col gap-3" aria-label="Bookmark filters" role="group">
						<SegmentedControl
							label="List"
							variant="raised-chips"
							className="flex-wrap"
							itemClassName="h-9 text-sm font-medium transition-colors"
							value={list}
							onChange={(name) => update('list', name, 'all')}
							options={['all', ...categories].map((name) => ({ value: name, label: name === 'all' ? 'All lists' : categoryLabel(name) }))}
						/>
						<div className="flex flex-wrap items-center gap-4">
							<div className="flex items-center gap-2">
								<label htmlFor={`${ids}-sort`} className="text-sm font-medium">
									Sort by
								</label>
								<Select
									id={`${ids}-sort`}
									size="sm"
									tone="raised"
									value={sort}
									onChange={(e) => update('sort', e.target.value, 'date-added')}
								>
									{BOOKMARK_SORTS.map((value) => (
										<option key={value} value={value}>
											{SORT_LABELS[value]}
										</option>
									))}
								</Select>
							</div>
							<fieldset className="flex items-center gap-1">
								<legend className="sr-only">Media type</legend>
								{MEDIA_FILTERS.map((value) => (
									<label
										key={value}
										className={cn(
											'inline-flex h-9 cursor-pointer items-center rounded-md px-3 text-sm font-medium has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent',
											mediaType === value ? 'bg-accent text-accent-foreground' : 'bg-surface-2 hover:bg-surface-3',
										)}
									>
										<input
											type="radio"
											name={`${ids}-type`}
											value={value}
											checked={mediaType === value}
											onChange={() => update('type', value, 'all')}
											className="sr-only"
										/>
										{MEDIA_FILTER_LABELS[value]}
									</label>
								))}
							</fieldset>
						</div>
					</div>

					{/* The loading state and the empty states take the same height, so the lists panel below does not move when the library is read. */}
					<div className="min-h-80">
						{!ready ? (
							<div
								role="status"
								aria-live="polite"
								className="grid h-80 grid-cols-2 gap-4 overflow-hidden sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5"
							>
								<span className="sr-only">Loading bookmarks…</span>
								{Array.from({ length: SKELETON_COUNTS.bookmarks }, (_, i) => (
									<Skeleton key={i} className="aspect-[2/3] w-full" />
								))}
							</div>
						) : bookmarks.length === 0 ? (
							<EmptyState icon={<BookmarkIcon className="h-10 w-10" />} title="No bookmarks yet">
								Use the bookmark button on any movie or series to keep it here.{' '}
								<Link to="/movies" className="underline">
									Browse movies
								</Link>
							</EmptyState>
						) : entries.length === 0 ? (
							<EmptyState title="No matching bookmarks">Try another list or media type.</EmptyState>
						) : (
							<>
								<p className="sr-only" role="status">
									{entries.length} {entries.length === 1 ? 'title' : 'titles'} shown
								</p>
								<ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 xl:grid-cols-5" data-testid="bookmark-grid">
									{entries.slice(0, shown).map((entry) => (
										<BookmarkCard key={`${entry.mediaId}-${entry.category}`} entry={entry} list={list} />
									))}
								</ul>
								{entries.length > shown ? (
									<div className="mt-6 flex justify-center">
										<Button variant="secondary" onClick={() => setShown((n) => n + PAGE_SIZE)}>
											Show more ({entries.length - shown} left)
										</Button>
									</div>
								) : null}
							</>
						)}
					</div>
				</div>
				<aside className="flex flex-col gap-4">
					<CategoryManager />
					<LibraryTransfer ready={ready} />
					<ServiceImport ready={ready} />
				</aside>
			</div>
		</div>
	)
}

function BookmarkCard({ entry, list }: { entry: Bookmark; list: string }) {
	const { remove, listsOf } = useBookmarks()
	const categories = listsOf(entry.mediaId)
	const title = entry.title || `Untitled (#${entry.mediaId})`
	const href = entry.mediaType === 'tv' ? seriesHref(entry.mediaId, title) : movieHref(entry.mediaId, title)
	const year = entry.releaseDate?.slice(0, 4)
	const lists = list === 'all' ? categories : [list]
	const media = {
		mediaId: entry.mediaId,
		mediaType: entry.mediaType ?? 'movie',
		title,
		posterPath: entry.posterPath,
		voteAverage: entry.voteAverage,
		releaseDate: entry.releaseDate,
	}
	return (
		<li className="flex flex-col" data-testid="bookmark-card" data-media-id={entry.mediaId}>
			<Link to={href} prefetch="intent" className="block overflow-hidden rounded-lg">
				<MediaImage
					path={entry.posterPath}
					kind="poster"
					alt=""
					caption={{ title, year: entry.releaseDate?.slice(0, 4) }}
					sizes="(min-width: 640px) 180px, 45vw"
					className="w-full"
				/>
			</Link>
			<Link
				to={href}
				prefetch="intent"
				className="mt-2 truncate text-sm font-medium hover:underline"
				title={title}
				data-testid="bookmark-title"
			>
				{title}
			</Link>
			<p className="flex items-center gap-2 text-xs text-muted">
				<span>{year ?? 'Unknown'}</span>
				<span>{entry.mediaType === 'tv' ? 'Series' : entry.mediaType === 'movie' ? 'Movie' : ''}</span>
				{entry.voteAverage !== undefined ? (
					<span className="inline-flex items-center gap-0.5">
						<Star className="h-3 w-3 fill-current text-yellow-500" aria-hidden="true" />
						<span className="sr-only">Rating </span>
						{entry.voteAverage.toFixed(1)}
					</span>
				) : null}
			</p>
			<p className="mt-1 flex flex-wrap gap-1">
				{categories.map((category) => (
					<span key={category} className="rounded-full bg-surface-2 px-2 py-0.5 text-xs">
						{categoryLabel(category)}
					</span>
				))}
			</p>
			<div className="mt-2 flex items-center gap-2">
				<Suspense fallback={BOOKMARK_BUTTON_BOX}>
					<BookmarkButton {...media} category={list === 'all' ? undefined : list} />
				</Suspense>
				<Button
					variant="ghost"
					size="sm"
					onClick={() => {
						for (const category of lists) remove(media, category)
					}}
					aria-label={list === 'all' ? `Remove ${title} from all lists` : `Remove ${title} from ${categoryLabel(list)}`}
				>
					<X className="h-4 w-4" aria-hidden="true" />
					<span aria-hidden="true">Remove</span>
				</Button>
			</div>
		</li>
	)
}
