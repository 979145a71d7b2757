import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { SEARCH_PLACEHOLDER } from '#app/lib/site.ts'

/**
 * Full-screen search overlay. Closes on Escape, Close, backdrop click, or a
 * route change away from where it was opened. Results arrive with the
 * catalogue; until then it offers the advanced search page.
 */
export default function SearchOverlay({ open, onClose }: { open: boolean; onClose: () => void }) {
	const location = useLocation()
	const [openedAt] = useState(location.pathname)
	const [query, setQuery] = useState('')
	useEffect(() => {
		if (location.pathname !== openedAt) onClose()
	}, [location.pathname, openedAt, onClose])
	return (
		<Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : onClose())}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" data-testid="search-backdrop" />
				<Dialog.Content className="fixed inset-x-0 top-0 z-50 mx-auto mt-16 w-full max-w-2xl rounded-xl border border-border bg-surface p-4 shadow-2xl">
					<div className="flex items-center gap-2">
						<Dialog.Title className="sr-only">Search</Dialog.Title>
						<Dialog.Description className="sr-only">Search movies and series by name</Dialog.Description>
						<input
							autoFocus
							type="search"
							aria-label="Search"
							value={query}
							onChange={(e) => setQuery(e.target.value)}
							placeholder={SEARCH_PLACEHOLDER}
							className="h-12 flex-1 rounded-lg border border-border bg-surface-2 px-4"
						/>
						<Dialog.Close className="rounded-md p-2 hover:bg-surface-2" aria-label="Close">
							<X className="h-5 w-5" aria-hidden="true" />
						</Dialog.Close>
					</div>
					<p className="mt-4 text-sm text-muted">
						<Link to={`/search${query ? `?query=${encodeURIComponent(query)}` : ''}`} className="text-accent underline">
							Advanced search
						</Link>
					</p>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
