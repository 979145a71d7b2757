import { useEffect } from 'react'
import { useNavigate, useRevalidator } from 'react-router'
import { clearAccountDevice, fetchMe, storedUserInfo, storeUserInfo } from '#app/stores/account.ts'
import { UnauthorizedError } from '#app/utils/api-client.ts'
import { runStartupSync, startOutboxWatcher } from '#app/stores/sync.ts'
import { useOptionalUser } from '#app/utils/user.ts'

/**
 * Mounted once in the app shell. For a signed-in user it runs the app-start
 * sync of product.md §4 once per page load, then keeps watching the outbox; when
 * the server has no session (asked again, since a page kept for offline use
 * names no user either), the device forgets the account.
 */
export function AccountSync() {
	const user = useOptionalUser()
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const userId = user?.id
	const username = user?.username

	useEffect(() => {
		if (!userId || !username) {
			if (!storedUserInfo()) return
			// A page kept for offline use (decision 0030) shows no user: the device forgets
			// the account only when the server, asked, answers that the session is gone.
			let stale = false
			fetchMe().then(
				() => {
					if (!stale) void revalidator.revalidate()
				},
				(error: unknown) => {
					if (!stale && error instanceof UnauthorizedError) clearAccountDevice()
				},
			)
			return () => {
				stale = true
			}
		}
		try {
			storeUserInfo({ username })
		} catch {
			// Storage refused; the session cookie still signs the user in.
		}
		let stopWatcher: (() => void) | undefined
		let cancelled = false
		void runStartupSync({
			onLoggedOut: () => {
				void revalidator.revalidate()
				void navigate('/login')
			},
		}).then((result) => {
			if (!cancelled && result) stopWatcher = startOutboxWatcher()
		})
		return () => {
			cancelled = true
			stopWatcher?.()
		}
		// The revalidator and navigate change identity on every render; the sync runs once per user.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [userId, username])

	return null
}
