import { useId, useState } from 'react'
import { CREDITS_VISIBLE, moreLabel, splitVisible } from '#app/lib/browse/credits.ts'
import { Button } from '#app/components/ui/button.tsx'
import { MediaImage } from './media-image.tsx'

export interface CreditPerson {
	id: number
	name: string
	/** Character for cast, job for crew. */
	role?: string
	profile_path: string | null
}

/** A cast or crew list: 5 people, then a "Click for N more" button that shows the rest (product.md §2). */
export function CreditsList({
	title,
	people,
	visible = CREDITS_VISIBLE,
	testId,
}: {
	title: string
	people: readonly CreditPerson[]
	visible?: number
	testId?: string
}) {
	const id = useId()
	const [expanded, setExpanded] = useState(false)
	const { shown, hiddenCount } = splitVisible(people, visible)
	const list = expanded ? people : shown
	if (people.length === 0) return null
	return (
		<section aria-labelledby={`${id}-title`} className="flex flex-col gap-3" data-testid={testId}>
			<h2 id={`${id}-title`} className="text-xl font-semibold">
				{title}
			</h2>
			<ul id={`${id}-list`} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3">
				{list.map((person, index) => (
					<li key={`${person.id}-${person.role ?? ''}-${index}`} className="flex items-center gap-3 rounded-lg bg-surface-2 p-2">
						<MediaImage path={person.profile_path} kind="profile" alt="" fixedSize="w185" className="h-16 w-11 shrink-0 rounded-md" />
						<div className="min-w-0">
							<p className="truncate font-medium">{person.name}</p>
							{person.role ? <p className="truncate text-sm text-muted">{person.role}</p> : null}
						</div>
					</li>
				))}
			</ul>
			{hiddenCount > 0 && !expanded ? (
				<Button
					variant="link"
					size="inline"
					aria-expanded={false}
					aria-controls={`${id}-list`}
					onClick={() => setExpanded(true)}
					className="self-start text-sm"
					data-testid="credits-more"
				>
					{moreLabel(hiddenCount)}
				</Button>
			) : null}
		</section>
	)
}
