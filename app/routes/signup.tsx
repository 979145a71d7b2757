import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'

export function meta() {
	return [{ title: 'Sign Up · Willow' }]
}

export default function Signup() {
	return (
		<div>
			<PageHeader title="Sign Up" />
			<EmptyState title="Create an account">Registration opens with accounts.</EmptyState>
		</div>
	)
}
