import { ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import { Menu } from '#app/components/ui/menu.tsx'
import type { HoverGroup } from '#app/lib/ui/menu-hover.ts'
import type { NavLink } from '#app/lib/site/site.ts'

/** The header's menus share one hover skip delay: moving from one to the next opens it at once. */
const HEADER_MENUS: HoverGroup = { lastClosedAt: null, closeActive: null }

/** A desktop navigation menu (Categories, Networks), operable by keyboard and opened by hovering. */
export function NavMenu({ label, links }: { label: string; links: NavLink[] }) {
	return (
		<Menu
			label={label}
			hoverGroup={HEADER_MENUS}
			triggerClassName="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-surface-2 data-[state=open]:bg-surface-2"
			trigger={
				<>
					{label}
					<ChevronDown className="h-4 w-4" aria-hidden="true" />
				</>
			}
			items={links.map((link) => ({
				key: link.to,
				render: (props) => (
					<Link to={link.to} prefetch="intent" {...props}>
						{link.label}
					</Link>
				),
			}))}
		/>
	)
}
