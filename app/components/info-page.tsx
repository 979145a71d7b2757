import type { ReactNode } from 'react'
import { PageHeader } from './ui/page-header.tsx'

export interface InfoSection {
	heading: string
	body: ReactNode
}

/** Plain reading layout for information and legal pages. */
export function InfoPage({ title, intro, sections }: { title: string; intro?: ReactNode; sections: InfoSection[] }) {
	return (
		<article className="mx-auto max-w-3xl">
			<PageHeader title={title} description={intro} />
			<div className="flex flex-col gap-6 leading-relaxed">
				{sections.map((section) => (
					<section key={section.heading}>
						<h2 className="mb-2 text-xl font-semibold">{section.heading}</h2>
						<div className="text-muted">{section.body}</div>
					</section>
				))}
			</div>
		</article>
	)
}
