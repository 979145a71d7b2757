import { Star } from 'lucide-react'
import { Link } from 'react-router'
import { formatRating, searchResultYear, truncateOverview } from '#app/lib/browse/format.ts'
import { mediaDate, mediaHref, mediaKind, mediaTitle } from '#app/lib/browse/media.ts'
import type { SearchResult } from '#app/lib/browse/search.ts'
import { MediaImage } from '#app/components/catalog/media-image.tsx'

/** One overlay result: poster (w92), title, year, rating to one decimal, overview cut at 85 characters. */
export function SearchResultRow({ item, onNavigate }: { item: SearchResult; onNavigate?: () => void }) {
	const title = mediaTitle(item)
	const kind = mediaKind(item)
	const href = mediaHref(item) ?? '/search'
	const rating = formatRating(item.vote_average)
	return (
		<Link
			to={href}
			prefetch="intent"
			onClick={onNavigate}
			className="flex gap-3 rounded-lg p-2 hover:bg-surface-2 focus-visible:bg-surface-2"
			data-testid="search-result"
		>
			<MediaImage path={item.poster_path} kind="poster" alt="" fixedSize="w92" className="h-[69px] w-[46px] shrink-0 rounded" />
			<div className="min-w-0 flex-1">
				<p className="truncate font-medium" data-testid="search-result-title">
					{title}
				</p>
				<p className="flex items-center gap-2 text-xs text-muted">
					<span data-testid="search-result-year">{searchResultYear(mediaDate(item), kind)}</span>
					<span>{kind === 'tv' ? 'Series' : 'Movie'}</span>
					{rating ? (
						<span className="inline-flex items-center gap-0.5" data-testid="search-result-rating">
							<Star className="h-3 w-3 fill-current text-yellow-500" aria-hidden="true" />
							<span className="sr-only">Rating </span>
							{rating}
						</span>
					) : null}
				</p>
				<p className="text-sm text-muted" data-testid="search-result-overview">
					{truncateOverview(item.overview)}
				</p>
			</div>
		</Link>
	)
}
