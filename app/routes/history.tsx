import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'

export function meta() {
	return [{ title: 'Watch History · Willow' }]
}

export default function History() {
	return (
		<div>
			<PageHeader title="Watch History" />
			<EmptyState title="Nothing watched yet">Titles you play show up here with your progress.</EmptyState>
		</div>
	)
}
