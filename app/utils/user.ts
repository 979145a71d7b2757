import { useRouteLoaderData } from 'react-router'
import type { loader as rootLoader } from '#app/root.tsx'

export type SessionUser = NonNullable<Awaited<ReturnType<typeof rootLoader>>['user']>

/** The signed-in user from the root loader, or null for visitors. */
export function useOptionalUser(): SessionUser | null {
	const data = useRouteLoaderData<typeof rootLoader>('root')
	return data?.user ?? null
}
