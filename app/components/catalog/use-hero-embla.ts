import type EmblaCarousel from 'embla-carousel'
import type { EmblaCarouselType } from 'embla-carousel'
import { startTransition, useCallback, useEffect, useRef, useState, type RefObject } from 'react'
import { HERO_ITEMS_DESKTOP, HERO_ITEMS_MOBILE } from '#app/lib/browse/carousel.ts'

export function usePrefersReducedMotion() {
	const [reduced, setReduced] = useState(false)
	useEffect(() => {
		const query = window.matchMedia('(prefers-reduced-motion: reduce)')
		setReduced(query.matches)
		const onChange = () => setReduced(query.matches)
		query.addEventListener('change', onChange)
		return () => query.removeEventListener('change', onChange)
	}, [])
	return reduced
}

/** 10 slides on small screens, 15 otherwise (product.md §2). The server renders for wide screens. */
export function useHeroLimit() {
	const [limit, setLimit] = useState(HERO_ITEMS_DESKTOP)
	useEffect(() => {
		const query = window.matchMedia('(max-width: 639px)')
		const update = () => setLimit(query.matches ? HERO_ITEMS_MOBILE : HERO_ITEMS_DESKTOP)
		update()
		query.addEventListener('change', update)
		return () => query.removeEventListener('change', update)
	}, [])
	return limit
}

/**
 * The hero's Embla, loaded when the carousel first has to move (the first step
 * at 5 s, a dot, a key, a swipe) or when `wake` is called (a pointer or focus
 * comes near it), not after every load: most visits never need it in their
 * first seconds (issue 27). A move asked for before it is ready runs once it
 * is (the last one asked for wins).
 */
export function useWakingEmbla(viewport: RefObject<HTMLDivElement | null>, slideCount: number, reducedMotion: boolean) {
	const [awake, setAwake] = useState(false)
	const wake = useCallback(() => setAwake(true), [])
	const [createEmbla, setCreateEmbla] = useState<typeof EmblaCarousel | null>(null)
	useEffect(() => {
		if (!awake) return
		let cancelled = false
		void import('embla-carousel').then(({ default: create }) => {
			if (!cancelled) startTransition(() => setCreateEmbla(() => create))
		})
		return () => {
			cancelled = true
		}
	}, [awake])
	const queued = useRef<((instance: EmblaCarouselType) => void) | null>(null)
	const [embla, setEmbla] = useState<EmblaCarouselType | null>(null)
	useEffect(() => {
		const node = viewport.current
		if (!node || !createEmbla) return
		const instance = createEmbla(node, { loop: slideCount > 1, duration: reducedMotion ? 1 : 25 })
		setEmbla(instance)
		const waiting = queued.current
		queued.current = null
		waiting?.(instance)
		return () => {
			instance.destroy()
			setEmbla(null)
		}
	}, [viewport, createEmbla, slideCount, reducedMotion])
	/** Runs a move now, or once Embla is ready. */
	const withEmbla = useCallback(
		(action: (instance: EmblaCarouselType) => void) => {
			if (embla) return action(embla)
			queued.current = action
			setAwake(true)
		},
		[embla],
	)
	return { awake, wake, embla, withEmbla }
}
