import { Search } from 'lucide-react'
import { lazy, Suspense } from 'react'
import { Form } from 'react-router'
import { SEARCH_PLACEHOLDER } from '#app/lib/site/site.ts'

const HeaderSearchPlaceholder = lazy(() => import('#app/components/search/header-search-placeholder.tsx'))

/**
 * The site-wide search box. Without JavaScript it submits to /search; the
 * search overlay enhances it when the client has loaded. Its placeholder
 * rotates through popular titles like the overlay's (the input keeps the
 * standard text as its placeholder attribute for assistive technology, drawn
 * transparent under the rotating one, which hides as soon as the box has
 * text, with or without JavaScript).
 */
export function SearchBox({ onOpen }: { onOpen?: () => void }) {
	return (
		<Form method="get" action="/search" role="search" className="relative w-full sm:max-w-xs">
			<label htmlFor="site-search" className="sr-only">
				Search
			</label>
			<Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted" aria-hidden="true" />
			<input
				id="site-search"
				name="query"
				type="search"
				autoComplete="off"
				placeholder={SEARCH_PLACEHOLDER}
				onFocus={onOpen}
				onClick={onOpen}
				className="peer h-10 w-full rounded-full border border-border bg-surface-2 pr-3 pl-9 text-sm placeholder:text-transparent"
			/>
			<Suspense fallback={null}>
				<HeaderSearchPlaceholder className="right-3 left-9 text-sm peer-[:not(:placeholder-shown)]:invisible" />
			</Suspense>
		</Form>
	)
}
