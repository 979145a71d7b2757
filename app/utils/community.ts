import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

/** Chat community and messaging channel links (configured by the operator). */
export function useCommunityLinks() {
	const data = useRouteLoaderData<typeof rootLoader>('root')
	return data?.community ?? { chat: '/donate', channel: '/donate' }
}
