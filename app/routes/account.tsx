import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'

export function meta() {
	return [{ title: 'Account · Willow' }]
}

export default function Account() {
	return (
		<div>
			<PageHeader title="Account" />
			<EmptyState title="Sign in to see your account">Your name, settings and sync live here once you sign in.</EmptyState>
		</div>
	)
}
