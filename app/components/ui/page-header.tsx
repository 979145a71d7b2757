import type { ComponentProps, ReactNode } from 'react'
import { cn } from '#app/lib/ui/cn.ts'

/** The page's one h1, in the shared title style. */
export function PageTitle({ className, ...props }: ComponentProps<'h1'>) {
	return <h1 className={cn('text-3xl font-bold tracking-tight sm:text-4xl', className)} {...props} />
}

/** Title block at the top of a page. */
export function PageHeader({ title, description, children }: { title: string; description?: ReactNode; children?: ReactNode }) {
	return (
		<header className="mb-6 flex flex-col gap-2">
			<PageTitle>{title}</PageTitle>
			{description ? <p className="max-w-2xl text-muted">{description}</p> : null}
			{children}
		</header>
	)
}
