import type { ReactNode } from 'react'

/**
 * A calm, centred message for "nothing here yet" and similar states. Where it is the whole
 * page (a genre or an episode that does not exist) its title is the page's heading: `heading="h1"`.
 */
export function EmptyState({
	icon,
	title,
	heading: Heading = 'h2',
	children,
}: {
	icon?: ReactNode
	title: string
	heading?: 'h1' | 'h2'
	children?: ReactNode
}) {
	return (
		<div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
			{icon ? (
				<div className="text-muted" aria-hidden="true">
					{icon}
				</div>
			) : null}
			<Heading className="text-xl font-semibold">{title}</Heading>
			{children ? <div className="text-muted">{children}</div> : null}
		</div>
	)
}
