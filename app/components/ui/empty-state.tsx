import type { ReactNode } from 'react'

/** A calm, centred message for "nothing here yet" and similar states. */
export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
	return (
		<div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
			{icon ? (
				<div className="text-muted" aria-hidden="true">
					{icon}
				</div>
			) : null}
			<h2 className="text-xl font-semibold">{title}</h2>
			{children ? <div className="text-muted">{children}</div> : null}
		</div>
	)
}
