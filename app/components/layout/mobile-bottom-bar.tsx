import { Clapperboard, Home, Menu, Tv, User } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { NavLink } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { useOptionalUser } from '#app/utils/user.ts'

const MobileMenu = lazy(() => import('./mobile-menu.tsx').then((m) => ({ default: m.MobileMenu })))

const itemClass = ({ isActive }: { isActive: boolean }) =>
	cn('flex flex-1 flex-col items-center gap-0.5 py-2 text-[11px] font-medium', isActive ? 'text-accent' : 'text-muted')

/** Fixed bottom navigation on small screens. */
export function MobileBottomBar() {
	const user = useOptionalUser()
	const [menuOpen, setMenuOpen] = useState(false)
	return (
		<>
			<nav
				aria-label="Mobile bottom bar"
				data-testid="mobile-bottom-bar"
				className="fixed inset-x-0 bottom-0 z-40 flex border-t border-border bg-background/95 backdrop-blur md:hidden"
			>
				<NavLink to="/" end className={itemClass}>
					<Home className="h-5 w-5" aria-hidden="true" />
					Home
				</NavLink>
				<NavLink to="/movies" className={itemClass}>
					<Clapperboard className="h-5 w-5" aria-hidden="true" />
					Movies
				</NavLink>
				<NavLink to="/series" className={itemClass}>
					<Tv className="h-5 w-5" aria-hidden="true" />
					Series
				</NavLink>
				<button type="button" onClick={() => setMenuOpen(true)} className={itemClass({ isActive: menuOpen })} aria-haspopup="dialog">
					<Menu className="h-5 w-5" aria-hidden="true" />
					Menu
				</button>
				<NavLink to={user ? '/account?tab=account' : '/login'} className={itemClass}>
					<User className="h-5 w-5" aria-hidden="true" />
					Account
				</NavLink>
			</nav>
			{menuOpen ? (
				<Suspense fallback={null}>
					<MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
				</Suspense>
			) : null}
		</>
	)
}
