import type { ReactNode } from 'react'

/** Title block at the top of a page. */
export function PageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
	return (
		<header className="mb-6 flex flex-col gap-2">
			<h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
			{description ? <p className="max-w-2xl text-muted">{description}</p> : null}
			{children}
		</header>
	)
}
