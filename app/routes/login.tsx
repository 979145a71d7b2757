import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'

export function meta() {
	return [{ title: 'Login · Willow' }]
}

export default function Login() {
	return (
		<div>
			<PageHeader title="Login" />
			<EmptyState title="Sign in">Sign-in opens with accounts.</EmptyState>
		</div>
	)
}
