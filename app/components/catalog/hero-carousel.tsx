import type { EmblaCarouselType } from 'embla-carousel'
import { ChevronLeft, ChevronRight, Info, Pause, Play } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { Link } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import {
	CAROUSEL_INTERVAL_MS,
	CAROUSEL_TOUCH_PAUSE_MS,
	HERO_ITEMS_MOBILE,
	carouselItems,
	createTransitionLock,
	wrapIndex,
} from '#app/lib/browse/carousel.ts'
import { formatRating, yearText } from '#app/lib/browse/format.ts'
import { mediaDate, mediaHref, mediaKind, mediaTitle } from '#app/lib/browse/media.ts'
import { isMovieReleased } from '#app/lib/browse/release.ts'
import { buttonClass } from '#app/components/ui/button.tsx'
import { WatchLink } from '#app/components/watch/play-link.tsx'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { useEarlyClicks } from '#app/utils/early-click.ts'
import type { CardMedia } from './media-card.tsx'
import { MediaImage } from './media-image.tsx'
import { useHeroLimit, usePrefersReducedMotion, useWakingEmbla } from './use-hero-embla.ts'

/** How far a finger must travel sideways for a swipe made before Embla is ready to count. */
const SWIPE_MIN_PX = 40

export interface HeroItem extends CardMedia {
	backdrop_path?: string | null
	overview?: string
	logo_path?: string | null
}

/**
 * The hero carousel: auto-advances every 5 s, pauses on hover, focus or
 * touch (a touch pause ends after 10 s), ignores moves within 500 ms of the
 * last, wraps around, swipes, and can be paused with a button.
 */
export function HeroCarousel({ items, label = 'Featured' }: { items: readonly HeroItem[]; label?: string }) {
	const limit = useHeroLimit()
	const slides = carouselItems(items).slice(0, limit)
	const reducedMotion = usePrefersReducedMotion()
	const viewport = useRef<HTMLDivElement>(null)
	const { awake, wake, embla, withEmbla } = useWakingEmbla(viewport, slides.length, reducedMotion)
	const [selected, setSelected] = useState(0)
	// Slides whose content is rendered: the page's HTML carries the first one
	// (the others are empty slides, most of the hero's markup otherwise); once
	// awake, the carousel fills the current slide and its neighbours, so a swipe
	// never shows an empty one, and keeps what it filled.
	const [filled, setFilled] = useState<ReadonlySet<number>>(() => new Set([0]))
	useEffect(() => {
		if (!awake || slides.length === 0) return
		const wanted = [selected, wrapIndex(selected + 1, slides.length), wrapIndex(selected - 1, slides.length)]
		if (wanted.every((index) => filled.has(index))) return
		setFilled((current) => new Set([...current, ...wanted]))
	}, [awake, selected, slides.length, filled])
	const [hovered, setHovered] = useState(false)
	const [touchPausedUntil, setTouchPausedUntil] = useState(0)
	const [stopped, setStopped] = useState(false)
	const lock = useRef(createTransitionLock())
	// A tap on a dot, pause or an arrow before the page hydrates is held, then done (decision 0065).
	const early = useEarlyClicks()
	const swipe = useRef<{ x: number; y: number } | null>(null)

	useEffect(() => {
		if (!embla) return
		const onSelect = () => setSelected(embla.selectedScrollSnap())
		const onPointerDown = () => setTouchPausedUntil(Date.now() + CAROUSEL_TOUCH_PAUSE_MS)
		embla.on('select', onSelect)
		embla.on('pointerDown', onPointerDown)
		onSelect()
		return () => {
			embla.off('select', onSelect)
			embla.off('pointerDown', onPointerDown)
		}
	}, [embla])

	const move = useCallback(
		(action: (instance: EmblaCarouselType) => void) => {
			if (!lock.current(Date.now())) return
			withEmbla(action)
		},
		[withEmbla],
	)
	// The dots are one stop in the tab order (the current slide's); arrows, Home and End move
	// between them, as in a tab list, so Tab passes the carousel in one step, not fifteen.
	const dots = useRef<Array<HTMLButtonElement | null>>([])
	const onDotKey = (event: KeyboardEvent<HTMLDivElement>) => {
		const last = slides.length - 1
		const target = { ArrowRight: selected + 1, ArrowLeft: selected - 1, Home: 0, End: last }[event.key]
		if (target === undefined) return
		event.preventDefault()
		// The carousel's own arrow keys (next, previous) would move it a second time.
		event.stopPropagation()
		const index = (target + slides.length) % slides.length
		// Every key counts (the click lock is for double clicks during a slide's animation).
		withEmbla((instance) => instance.scrollTo(index, reducedMotion))
		dots.current[index]?.focus()
	}
	const next = useCallback(() => move((instance) => instance.scrollNext(reducedMotion)), [move, reducedMotion])
	const prev = useCallback(() => move((instance) => instance.scrollPrev(reducedMotion)), [move, reducedMotion])

	const paused = stopped || hovered || reducedMotion
	useEffect(() => {
		if (paused || slides.length < 2) return
		const wait = Math.max(CAROUSEL_INTERVAL_MS, touchPausedUntil - Date.now())
		const timer = window.setTimeout(next, wait)
		return () => window.clearTimeout(timer)
	}, [paused, slides.length, touchPausedUntil, selected, next])

	if (slides.length === 0) return null
	return (
		<section
			aria-roledescription="carousel"
			aria-label={label}
			className="relative -mx-4 overflow-hidden sm:mx-0 sm:rounded-2xl"
			onMouseEnter={() => {
				setHovered(true)
				wake()
			}}
			onMouseLeave={() => setHovered(false)}
			onFocus={() => {
				setHovered(true)
				wake()
			}}
			onTouchStart={(event) => {
				wake()
				const touch = event.touches[0]
				// Embla handles swipes once it is ready; a swipe that began before is handled here.
				swipe.current = !embla && touch ? { x: touch.clientX, y: touch.clientY } : null
				if (!embla) setTouchPausedUntil(Date.now() + CAROUSEL_TOUCH_PAUSE_MS)
			}}
			onTouchEnd={(event) => {
				const start = swipe.current
				const touch = event.changedTouches[0]
				swipe.current = null
				if (!start || !touch) return
				const dx = touch.clientX - start.x
				if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(touch.clientY - start.y)) return
				if (dx < 0) next()
				else prev()
			}}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false)
			}}
			onKeyDown={(event) => {
				if (event.key === 'ArrowRight') next()
				if (event.key === 'ArrowLeft') prev()
			}}
			data-testid="hero-carousel"
		>
			<div ref={viewport} className="overflow-hidden">
				<div className="flex touch-pan-y">
					{slides.map((item, index) => {
						const title = mediaTitle(item)
						const key = `${item.media_type ?? ''}${item.id}`
						const frame = {
							role: 'group',
							'aria-roledescription': 'slide',
							'aria-label': `${index + 1} of ${slides.length}: ${title}`,
							className: 'relative min-w-0 flex-[0_0_100%]',
							'data-testid': 'hero-slide',
						}
						// Slides not yet filled keep their label, so the carousel reads the same.
						if (!filled.has(index)) return <div key={key} {...frame} inert />
						const kind = mediaKind(item)
						const href = mediaHref(item)
						const year = yearText(mediaDate(item))
						const released = kind !== 'movie' || isMovieReleased(item.release_date)
						return (
							<div key={key} {...frame} inert={index !== selected}>
								<div className="relative aspect-[4/5] w-full sm:aspect-[21/9]">
									<MediaImage
										path={item.backdrop_path}
										kind="backdrop"
										alt=""
										priority={index === 0}
										sizes="(min-width: 1280px) 1280px, 100vw"
										className="absolute inset-0 h-full w-full"
										placeholderClassName="aspect-auto"
									/>
									<div className="absolute inset-0 bg-gradient-to-t from-black via-black/60 to-black/10 sm:bg-gradient-to-r sm:from-black/90 sm:via-black/50 sm:to-transparent" />
									<div className="absolute inset-x-0 bottom-0 flex max-w-2xl flex-col gap-3 p-5 text-white sm:p-10 sm:pb-14">
										{/* A fixed logo height: the text below does not move when the logo arrives after the first paint. */}
										<HeroTitle title={title} logoPath={item.logo_path ?? null} priority={index === 0} />
										<p className="flex gap-3 text-sm text-white/85">
											{year ? <span>{year}</span> : null}
											<span>{kind === 'tv' ? 'Series' : 'Movie'}</span>
											{item.vote_average ? <span>★ {formatRating(item.vote_average)}</span> : null}
										</p>
										{/* Loaders shorten it (toHeroItem). */}
										{item.overview ? <p className="line-clamp-3 text-sm text-white/90 sm:text-base">{item.overview}</p> : null}
										<div className="flex flex-wrap items-start gap-3">
											{kind !== 'unknown' ? <WatchLink type={kind} id={item.id} title={title} released={released} /> : null}
											{href ? (
												<Link
													to={href}
													prefetch="intent"
													className={cn(buttonClass('outline', 'md'), 'border-white/60 text-white hover:bg-white/10')}
												>
													<Info className="h-5 w-5" aria-hidden="true" />
													View Details
												</Link>
											) : null}
										</div>
									</div>
								</div>
							</div>
						)
					})}
				</div>
			</div>
			{/* Phones: the controls sit on a row of their own under the slide (never
			    over its buttons), one line of dots and the pause button; swipes and
			    the dots replace previous and next there. */}
			{slides.length > 1 ? (
				<div className="flex items-center justify-between gap-2 bg-black px-3 pb-2 sm:absolute sm:right-3 sm:bottom-3 sm:left-3 sm:bg-transparent sm:p-0">
					<div className="flex min-w-0 items-center sm:flex-wrap sm:gap-1" role="group" aria-label="Choose slide" onKeyDown={onDotKey}>
						{slides.map((item, index) => (
							<IconButton
								key={`dot-${item.media_type ?? ''}${item.id}`}
								variant="bare"
								ref={(element) => {
									dots.current[index] = element
								}}
								label={`Go to slide ${index + 1}`}
								aria-current={index === selected ? 'true' : undefined}
								tabIndex={index === selected ? 0 : -1}
								onClick={() => move((instance) => instance.scrollTo(index, reducedMotion))}
								// The server renders for wide screens; a phone keeps HERO_ITEMS_MOBILE slides once hydrated,
								// and before that the extra dots would run over the pause button.
								className={cn('flex h-6 w-6 shrink-0 items-center justify-center', index >= HERO_ITEMS_MOBILE && 'max-sm:hidden')}
								data-testid="hero-dot"
								{...early(`dot-${index + 1}`)}
							>
								<span
									className={cn(
										// Grown by a transform, not a width: a width change moves the dot, a layout shift on every rotation.
										'block h-2 w-5 rounded-full transition-transform motion-reduce:transition-none',
										index === selected ? 'bg-white' : 'scale-x-40 bg-white/60',
									)}
								/>
							</IconButton>
						))}
					</div>
					<div className="flex gap-1">
						<IconButton
							variant="overlay"
							onClick={() => setStopped((s) => !s)}
							label={stopped ? 'Resume slideshow' : 'Pause slideshow'}
							data-testid="hero-pause"
							{...early('pause')}
						>
							{stopped ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
						</IconButton>
						<IconButton
							variant="overlay"
							onClick={prev}
							label="Previous slide"
							className="hidden sm:inline-flex"
							data-testid="hero-prev"
							{...early('prev')}
						>
							<ChevronLeft className="h-4 w-4" aria-hidden="true" />
						</IconButton>
						<IconButton
							variant="overlay"
							onClick={next}
							label="Next slide"
							className="hidden sm:inline-flex"
							data-testid="hero-next"
							{...early('next')}
						>
							<ChevronRight className="h-4 w-4" aria-hidden="true" />
						</IconButton>
					</div>
				</div>
			) : null}
		</section>
	)
}

/** A slide's title: its logo, or the title text when there is none or it fails to load. */
function HeroTitle({ title, logoPath, priority }: { title: string; logoPath: string | null; priority: boolean }) {
	const [logoFailed, setLogoFailed] = useState(false)
	// The text stand-in takes the logo's height (bottom-aligned, two lines at most, which fit in it): a logo
	// that fails after the first paint (seen on a loaded phone run) would otherwise move everything above it.
	if (!logoPath || logoFailed)
		return (
			<h2 className="flex min-h-20 items-end text-3xl font-black tracking-tight drop-shadow sm:min-h-32 sm:text-5xl">
				<span className="line-clamp-2">{title}</span>
			</h2>
		)
	return (
		<h2 className="m-0">
			<MediaImage
				path={logoPath}
				kind="logo"
				alt={title}
				sizes="(min-width: 640px) 320px, 220px"
				priority={priority}
				onFailed={() => setLogoFailed(true)}
				className="h-20 w-auto max-w-[60%] object-contain object-left sm:h-32"
			/>
		</h2>
	)
}
