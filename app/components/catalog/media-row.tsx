import { ChevronLeft, ChevronRight } from 'lucide-react'
import { useId, useRef, type ReactNode } from 'react'
import { Link } from 'react-router'
import { ROW_FIRST_RENDER_ITEMS, SKELETON_COUNTS, carouselItems } from '#app/lib/browse/carousel.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { MediaCard, type CardMedia } from './media-card.tsx'
import { useRenderRest } from './use-render-rest.ts'

/** §8: what an empty row of movies says. */
export const NO_MOVIES_TEXT = 'No movies available'

/**
 * A titled, horizontally scrolling row of poster cards. Native scrolling keeps
 * it light (swipe, trackpad, keyboard via Tab); the arrow buttons page it.
 *
 * The page's HTML carries the first cards of the row, the ones a wide screen
 * shows; the rest are rendered in the browser once the row is on screen or
 * touched (hover, focus, scroll, arrows). The home page of rows sends and
 * hydrates half the markup that way.
 */
export function MediaRow({
	title,
	items,
	viewAllHref,
	heading,
	priority,
	emptyText,
	testId,
}: {
	title: string
	items: readonly CardMedia[]
	viewAllHref?: string
	/** Replaces the plain heading (the network row's clickable heading). */
	heading?: ReactNode
	priority?: boolean
	emptyText?: string
	testId?: string
}) {
	const id = useId()
	const section = useRef<HTMLElement>(null)
	const scroller = useRef<HTMLUListElement>(null)
	const shown = carouselItems(items)
	const { all, renderRest, renderRestNow } = useRenderRest(section, shown.length > ROW_FIRST_RENDER_ITEMS)
	const page = (direction: 1 | -1) => {
		renderRestNow()
		const node = scroller.current
		if (!node) return
		const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
		node.scrollBy({ left: direction * node.clientWidth * 0.85, behavior: reduce ? 'auto' : 'smooth' })
	}
	const rendered = all ? shown : shown.slice(0, ROW_FIRST_RENDER_ITEMS)
	// A row off screen is neither laid out nor painted until it nears the
	// viewport (content-visibility), its height held meanwhile: on a phone most
	// rows start below the fold, and laying them out again at each hydration
	// and carousel step cost /movies 200 ms of main thread. The held height is
	// a row's real one (a card's poster and two lines), so drawing it moves
	// nothing: Lighthouse draws the whole page at once at the end of its run.
	// A row with its own heading (the network row's, on two lines when the
	// network's name is long) has no fixed height, and sits at the top anyway.
	const skipOffscreen = heading === undefined
	return (
		<section
			ref={section}
			aria-labelledby={`${id}-title`}
			className={cn(
				'flex flex-col gap-3',
				skipOffscreen && '[contain-intrinsic-size:auto_292px] [content-visibility:auto] sm:[contain-intrinsic-size:auto_340px]',
			)}
			data-testid={testId}
			onPointerEnter={renderRest}
			onFocus={renderRest}
		>
			<div className="flex items-center justify-between gap-3">
				<h2 id={`${id}-title`} className="text-xl font-semibold tracking-tight">
					{heading ?? title}
				</h2>
				<div className="flex items-center gap-1">
					{viewAllHref ? (
						<Link to={viewAllHref} prefetch="intent" className="mr-2 text-sm font-medium text-accent hover:underline">
							View all<span className="sr-only"> {title}</span>
						</Link>
					) : null}
					{shown.length > 0 ? (
						<>
							<IconButton onClick={() => page(-1)} label={`Scroll ${title} back`}>
								<ChevronLeft className="h-5 w-5" aria-hidden="true" />
							</IconButton>
							<IconButton onClick={() => page(1)} label={`Scroll ${title} forward`}>
								<ChevronRight className="h-5 w-5" aria-hidden="true" />
							</IconButton>
						</>
					) : null}
				</div>
			</div>
			{shown.length === 0 ? (
				<p className="text-sm text-muted">{emptyText ?? 'Nothing to show right now.'}</p>
			) : (
				// scroll-px-1 matches px-1: the first card snaps at 0, so the row does not snap-scroll on load (Chrome takes that for a user scroll and stops measuring LCP).
				<ul
					ref={scroller}
					onScroll={renderRest}
					className="relative -mx-1 flex snap-x scroll-px-1 gap-3 overflow-x-auto scroll-smooth px-1 pb-2 motion-reduce:scroll-auto [scrollbar-width:thin]"
				>
					{rendered.map((item, index) => (
						<li key={`${item.media_type ?? ''}${item.id}`} className="w-32 shrink-0 snap-start sm:w-40">
							<MediaCard item={item} priority={priority && index < 6} />
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

/** A responsive grid of poster cards. */
export function MediaGrid({
	items,
	label,
	priorityCount = 0,
	itemRef,
}: {
	items: readonly CardMedia[]
	label: string
	priorityCount?: number
	itemRef?: (index: number) => ((node: HTMLLIElement | null) => void) | undefined
}) {
	return (
		<ul aria-label={label} className="grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6">
			{items.map((item, index) => (
				<li key={`${item.media_type ?? ''}${item.id}-${index}`} ref={itemRef?.(index)}>
					<MediaCard item={item} priority={index < priorityCount} sizes="(min-width: 1280px) 200px, (min-width: 768px) 22vw, 45vw" />
				</li>
			))}
		</ul>
	)
}

/** Shimmer placeholders shaped like a row. */
export function MediaRowSkeleton({ title, count = SKELETON_COUNTS.row }: { title?: string; count?: number }) {
	return (
		<div role="status" aria-label={title ? `Loading ${title}` : 'Loading'} className="flex flex-col gap-3">
			<div className="h-7 w-48 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
			<div className="flex gap-3 overflow-hidden">
				{Array.from({ length: count }, (_, i) => (
					<div key={i} className="w-32 shrink-0 sm:w-40">
						<div className="aspect-[2/3] w-full animate-pulse rounded-lg bg-surface-2 motion-reduce:animate-none" />
						<div className="mt-2 h-4 w-3/4 animate-pulse rounded bg-surface-2 motion-reduce:animate-none" />
					</div>
				))}
			</div>
		</div>
	)
}
