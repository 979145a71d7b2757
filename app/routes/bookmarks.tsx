import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'

export function meta() {
	return [{ title: 'My Bookmarks · Willow' }]
}

export default function Bookmarks() {
	return (
		<div>
			<PageHeader title="My Bookmarks" />
			<EmptyState title="No bookmarks yet">Use the bookmark button on any movie or series to keep it here.</EmptyState>
		</div>
	)
}
