import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { Link } from 'react-router'
import { MOBILE_MENU_GROUPS } from '#app/lib/site/site.ts'
import { useCommunityLinks } from '#app/utils/community.ts'
import { useOptionalUser } from '#app/utils/user.ts'
import { ThemeToggle } from './theme-toggle.tsx'

/** The mobile side drawer: grouped links, a link grid, theme switch and Close. */
export function MobileMenu({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
	const user = useOptionalUser()
	const community = useCommunityLinks()
	const close = () => onOpenChange(false)
	const grid = [
		{ label: 'Home', to: '/' },
		{ label: 'Account', to: user ? '/account?tab=account' : '/login' },
		{ label: 'Settings', to: '/account?tab=player' },
		{ label: '4k Setup', to: '/4k' },
		{ label: 'Stats', to: '/stats' },
		{ label: 'History', to: '/history' },
		{ label: 'Bookmarks', to: '/bookmarks' },
	]
	return (
		<Dialog.Root open={open} onOpenChange={onOpenChange}>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
				<Dialog.Content
					data-testid="mobile-menu"
					className="fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col gap-4 overflow-y-auto bg-surface p-5 shadow-2xl"
				>
					<div className="flex items-center justify-between">
						<Dialog.Title className="text-lg font-bold">Menu</Dialog.Title>
						<Dialog.Description className="sr-only">Site navigation</Dialog.Description>
						<ThemeToggle withLabel />
					</div>
					<nav aria-label="Mobile" className="flex flex-col gap-4">
						{MOBILE_MENU_GROUPS.map((group) => (
							<section key={group.title}>
								<h3 className="mb-1 text-xs font-semibold tracking-wider text-muted uppercase">{group.title}</h3>
								<ul className="flex flex-wrap gap-1">
									{group.links.map((link) => (
										<li key={link.to}>
											<Link to={link.to} onClick={close} className="block rounded-md px-2 py-1.5 text-sm hover:bg-surface-2">
												{link.label}
											</Link>
										</li>
									))}
								</ul>
							</section>
						))}
						<ul className="grid grid-cols-3 gap-2" aria-label="Quick links">
							{grid.map((link) => (
								<li key={link.label}>
									<Link
										to={link.to}
										onClick={close}
										className="flex h-14 items-center justify-center rounded-lg bg-surface-2 text-center text-xs font-medium hover:bg-surface-3"
									>
										{link.label}
									</Link>
								</li>
							))}
							<li>
								<a
									href={community.chat}
									rel="noopener noreferrer"
									target="_blank"
									className="flex h-14 items-center justify-center rounded-lg bg-surface-2 text-xs font-medium hover:bg-surface-3"
								>
									Discord
								</a>
							</li>
							<li>
								<a
									href={community.channel}
									rel="noopener noreferrer"
									target="_blank"
									className="flex h-14 items-center justify-center rounded-lg bg-surface-2 text-xs font-medium hover:bg-surface-3"
								>
									Telegram
								</a>
							</li>
						</ul>
					</nav>
					<Dialog.Close className="mt-auto inline-flex items-center justify-center gap-2 rounded-md border border-border px-4 py-2 text-sm font-medium hover:bg-surface-2">
						<X className="h-4 w-4" aria-hidden="true" />
						Close
					</Dialog.Close>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}
