import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { Link, NavLink as RouterNavLink } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { CATEGORY_MENU, NETWORK_MENU } from '#app/lib/site/site.ts'
import { useOptionalUser } from '#app/utils/user.ts'
import { Logo } from './logo.tsx'
import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'
import { SearchBox, takeSearchDraft } from './search-box.tsx'

// The overlay is not needed for first paint; it loads when first opened.
// The desktop menus are in the HTML; their keyboard and hover code loads after the first load.
const NavMenu = lazyHydrated(() => import('./nav-menu.tsx').then((m) => m.NavMenu))
const SearchOverlay = lazy(() => import('#app/components/search/search-overlay.tsx'))

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
	cn('rounded-md px-3 py-2 text-sm font-medium hover:bg-surface-2', isActive && 'text-accent')

export function SiteHeader({ sticky = true }: { sticky?: boolean }) {
	const user = useOptionalUser()
	const [searchOpen, setSearchOpen] = useState(false)
	const searchInput = useRef<HTMLInputElement>(null)
	const takeDraft = useCallback(() => takeSearchDraft(searchInput.current), [])
	const closeSearch = useCallback(() => setSearchOpen(false), [])
	// Escape, Close or a click beside the overlay: focus goes back to the box
	// the overlay was opened from (Radix's own return found the box's node
	// gone from its record and left focus on <body>).
	const dismissSearch = useCallback(() => {
		setSearchOpen(false)
		window.setTimeout(() => searchInput.current?.focus(), 0)
	}, [])
	return (
		<header
			data-testid="site-header"
			className={cn('z-40 border-b border-border bg-background/90 backdrop-blur', sticky ? 'sticky top-0' : 'relative')}
		>
			{/* Phones: logo, Register and Login on the first row, the search box on
			    its own row below (Movies and Series are in the bottom bar there). */}
			<div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-2 px-4 sm:h-16 sm:flex-nowrap">
				<div className="flex h-14 items-center sm:h-auto">
					<Logo />
				</div>
				<nav aria-label="Main" className="ml-2 hidden items-center sm:flex">
					<RouterNavLink to="/movies" prefetch="intent" className={navLinkClass}>
						Movies
					</RouterNavLink>
					<RouterNavLink to="/series" prefetch="intent" className={navLinkClass}>
						Series
					</RouterNavLink>
					<div className="hidden items-center md:flex">
						<NavMenu label="Categories" links={CATEGORY_MENU} />
						<NavMenu label="Networks" links={NETWORK_MENU} />
						<RouterNavLink to="/discover" prefetch="intent" className={navLinkClass}>
							Discover
						</RouterNavLink>
					</div>
					<RouterNavLink to="/4k" prefetch="intent" className={(s) => cn(navLinkClass(s), 'hidden lg:inline-flex')}>
						4K guide
					</RouterNavLink>
				</nav>
				<div className="order-last w-full pb-3 sm:order-none sm:ml-auto sm:flex sm:w-auto sm:flex-1 sm:justify-end sm:pb-0">
					<SearchBox inputRef={searchInput} onOpen={() => setSearchOpen(true)} onSubmit={closeSearch} />
				</div>
				<div className="ml-auto flex shrink-0 items-center gap-1 sm:ml-2">
					{user ? (
						<Link
							to="/account?tab=account"
							className="max-w-40 truncate rounded-md px-3 py-2 text-sm font-medium hover:bg-surface-2"
							data-testid="header-user"
						>
							{user.name}
						</Link>
					) : (
						<>
							<Link to="/signup" className="rounded-md px-3 py-2 text-sm font-medium whitespace-nowrap hover:bg-surface-2">
								Register
							</Link>
							<Link
								to="/login"
								className="rounded-md bg-accent px-3 py-2 text-sm font-semibold whitespace-nowrap text-accent-foreground hover:bg-accent/90"
							>
								Login
							</Link>
						</>
					)}
				</div>
			</div>
			{searchOpen ? (
				<Suspense fallback={null}>
					<SearchOverlay open={searchOpen} onClose={closeSearch} onDismiss={dismissSearch} takeDraft={takeDraft} />
				</Suspense>
			) : null}
		</header>
	)
}
