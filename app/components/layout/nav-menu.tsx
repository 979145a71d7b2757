import * as DropdownMenu from '@radix-ui/react-dropdown-menu'
import { ChevronDown } from 'lucide-react'
import { Link } from 'react-router'
import type { NavLink } from '#app/lib/site.ts'

/** A desktop navigation menu (Categories, Networks): keyboard-operable via Radix. */
export function NavMenu({ label, links }: { label: string; links: NavLink[] }) {
	return (
		<DropdownMenu.Root modal={false}>
			<DropdownMenu.Trigger className="inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-surface-2 data-[state=open]:bg-surface-2">
				{label}
				<ChevronDown className="h-4 w-4" aria-hidden="true" />
			</DropdownMenu.Trigger>
			<DropdownMenu.Portal>
				<DropdownMenu.Content
					align="start"
					sideOffset={6}
					className="z-50 min-w-48 rounded-lg border border-border bg-surface p-1 shadow-xl"
				>
					{links.map((link) => (
						<DropdownMenu.Item key={link.to} asChild>
							<Link to={link.to} prefetch="intent" className="block rounded-md px-3 py-2 text-sm outline-none data-[highlighted]:bg-surface-2">
								{link.label}
							</Link>
						</DropdownMenu.Item>
					))}
				</DropdownMenu.Content>
			</DropdownMenu.Portal>
		</DropdownMenu.Root>
	)
}
