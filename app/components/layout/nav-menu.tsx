import { ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import { Menu } from '#app/components/ui/menu.tsx'
import type { NavLink } from '#app/lib/site.ts'

/** A desktop navigation menu (Categories, Networks), operable by keyboard. */
export function NavMenu({ label, links }: { label: string; links: NavLink[] }) {
	return (
		<Menu
			label={label}
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
