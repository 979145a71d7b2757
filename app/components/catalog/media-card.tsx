import { Link } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { formatRating, yearText } from '#app/lib/browse/format.ts'
import { isTrending, mediaDate, mediaHref, mediaKind, mediaTitle, type MediaLike } from '#app/lib/browse/media.ts'
import { MediaImage } from './media-image.tsx'

export interface CardMedia extends MediaLike {
	poster_path?: string | null
	vote_average?: number
	popularity?: number
}

/** A poster card linking to the detail page: poster, title, year, rating and the trending badge. */
export function MediaCard({
	item,
	priority,
	className,
	sizes,
}: {
	item: CardMedia
	priority?: boolean
	className?: string
	sizes?: string
}) {
	const title = mediaTitle(item)
	const href = mediaHref(item)
	const year = yearText(mediaDate(item))
	const rating = item.vote_average ? formatRating(item.vote_average) : undefined
	const kind = mediaKind(item)
	const body = (
		<>
			<div className="relative overflow-hidden rounded-lg">
				<MediaImage
					path={item.poster_path}
					kind="poster"
					alt=""
					caption={{ title, year }}
					priority={priority}
					sizes={sizes ?? '(min-width: 640px) 160px, 128px'}
					className="w-full transition-transform group-hover:scale-105"
				/>
				{isTrending(item.popularity) ? (
					<span
						className="absolute top-2 left-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white"
						data-testid="trending-badge"
					>
						Trending
					</span>
				) : null}
			</div>
			<div className="mt-2 min-w-0">
				<p className="truncate text-sm font-medium" title={title}>
					{title}
				</p>
				<p className="flex items-center gap-2 text-xs text-muted">
					<span>{year ?? 'Unknown'}</span>
					<span>{kind === 'tv' ? 'Series' : 'Movie'}</span>
					{rating ? (
						<span>
							<span aria-hidden="true">★ </span>
							<span className="sr-only">Rating </span>
							{rating}
						</span>
					) : null}
				</p>
			</div>
		</>
	)
	return (
		<div className={cn('group relative', className)} data-testid="media-card">
			{href ? (
				<Link to={href} prefetch="intent" className="block rounded-lg">
					{body}
				</Link>
			) : (
				body
			)}
		</div>
	)
}
