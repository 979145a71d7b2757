import { Search } from 'lucide-react'
import { useEffect, type RefObject } from 'react'
import { Form } from 'react-router'
import { SEARCH_PLACEHOLDER } from '#app/lib/site/site.ts'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'

const HeaderSearchPlaceholder = lazyHydrated(() => import('#app/components/search/header-search-placeholder.tsx').then((m) => m.default))

/**
 * The site-wide search box. Without JavaScript it submits to /search; the
 * search overlay enhances it when the client has loaded. Its placeholder
 * rotates through popular titles like the overlay's (the input keeps the
 * standard text as its placeholder attribute for assistive technology, drawn
 * transparent under the rotating one, which hides as soon as the box has
 * text, with or without JavaScript).
 *
 * The overlay opens on a click or on typing, never on focus alone (a visitor
 * tabbing past the header keeps their focus). Keys typed while the overlay's
 * code loads land in this box; the overlay takes them over when it opens
 * (see `takeSearchDraft`), so no letter is lost.
 */
export function SearchBox({
	onOpen,
	onSubmit,
	inputRef,
}: {
	onOpen?: () => void
	onSubmit?: () => void
	inputRef?: RefObject<HTMLInputElement | null>
}) {
	useEffect(() => {
		// Typed into before the page hydrated: the visitor is still in the box
		// with text in it, so open the overlay as if the typing had reached us.
		const input = inputRef?.current
		if (input && document.activeElement === input && input.value !== '') onOpen?.()
		// Only once, right after hydration.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	return (
		<Form method="get" action="/search" role="search" className="relative w-full sm:max-w-xs" onSubmit={onSubmit}>
			<label htmlFor="site-search" className="sr-only">
				Search
			</label>
			<Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
			<input
				ref={inputRef}
				id="site-search"
				name="query"
				type="search"
				autoComplete="off"
				placeholder={SEARCH_PLACEHOLDER}
				onClick={onOpen}
				onInput={onOpen}
				className="peer h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm placeholder:text-transparent"
			/>
			<HeaderSearchPlaceholder className="right-3 left-9 text-sm peer-[:not(:placeholder-shown)]:invisible" />
		</Form>
	)
}

/**
 * Hands over what was typed into the header box while the overlay loaded and
 * empties the box (a draft left behind would still show after navigating).
 * Read when the overlay takes focus, so a key typed up to that moment counts.
 */
export function takeSearchDraft(input: HTMLInputElement | null): string {
	if (!input) return ''
	const draft = input.value
	input.value = ''
	return draft
}
