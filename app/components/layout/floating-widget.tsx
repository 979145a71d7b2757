import { ArrowUp, Bookmark, LayoutGrid, MessageCircle, MoreHorizontal, Moon, Send, Tv, User } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Menu, type MenuItemProps } from '#app/components/ui/menu.tsx'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { toggleTheme } from './theme-toggle.tsx'
import { useCommunityLinks } from '#app/utils/community.ts'
import { useOptionalUser } from '#app/utils/user.ts'

const SCROLL_TOP_AFTER = 500
const CHANNEL_AFTER = 550
const SCROLL_DEBOUNCE_MS = 50

/**
 * Bottom-right widget: scroll-to-top (or chat link), messaging link, and a
 * small menu. Where the mobile bottom bar is shown (below md) the widget is
 * not: it would sit on top of the page's controls, and the bar's menu drawer
 * already offers its links (chat, channel, account, bookmarks, categories,
 * networks) and the theme switch.
 */
export function FloatingWidget() {
	const [scrollY, setScrollY] = useState(0)
	const community = useCommunityLinks()
	const user = useOptionalUser()

	useEffect(() => {
		let timer: ReturnType<typeof setTimeout> | undefined
		const onScroll = () => {
			clearTimeout(timer)
			timer = setTimeout(() => setScrollY(window.scrollY), SCROLL_DEBOUNCE_MS)
		}
		setScrollY(window.scrollY)
		window.addEventListener('scroll', onScroll, { passive: true })
		return () => {
			clearTimeout(timer)
			window.removeEventListener('scroll', onScroll)
		}
	}, [])

	const round = 'flex h-11 w-11 items-center justify-center rounded-full bg-surface-2 shadow-lg ring-1 ring-border hover:bg-surface-3'
	return (
		<div className="fixed right-4 bottom-6 z-30 hidden flex-col items-center gap-2 md:flex" data-testid="floating-widget">
			{scrollY > CHANNEL_AFTER ? (
				<a href={community.channel} target="_blank" rel="noopener noreferrer" className={round} aria-label="Messaging channel">
					<Send className="h-5 w-5" aria-hidden="true" />
				</a>
			) : null}
			{scrollY > SCROLL_TOP_AFTER ? (
				<IconButton
					variant="bare"
					className={round}
					label="Scroll to top"
					onClick={() => window.scrollTo({ top: 0, behavior: matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' })}
				>
					<ArrowUp className="h-5 w-5" aria-hidden="true" />
				</IconButton>
			) : (
				<a href={community.chat} target="_blank" rel="noopener noreferrer" className={round} aria-label="Chat community">
					<MessageCircle className="h-5 w-5" aria-hidden="true" />
				</a>
			)}
			<Menu
				ariaLabel="Quick menu"
				label="Quick menu"
				side="top"
				align="end"
				triggerClassName={round}
				trigger={<MoreHorizontal className="h-5 w-5" aria-hidden="true" />}
				items={[
					{
						key: 'theme',
						onSelect: toggleTheme,
						render: (props) => (
							<button type="button" {...props}>
								<Moon className="h-4 w-4" aria-hidden="true" /> Dark mode
							</button>
						),
					},
					...[
						{ to: user ? '/account?tab=account' : '/login', label: 'Account', Icon: User },
						{ to: '/categories', label: 'Categories', Icon: LayoutGrid },
						{ to: '/bookmarks', label: 'Bookmarks', Icon: Bookmark },
						{ to: '/networks', label: 'Netflix & Others', Icon: Tv },
					].map(({ to, label, Icon }) => ({
						key: label,
						render: (props: MenuItemProps) => (
							<Link to={to} {...props}>
								<Icon className="h-4 w-4" aria-hidden="true" /> {label}
							</Link>
						),
					})),
				]}
			/>
		</div>
	)
}
