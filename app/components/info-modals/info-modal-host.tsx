import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import {
	createInfoModalQueue,
	withModalDismissed,
	type InfoModal,
	type InfoModalQueue,
	type ModalDismissal,
	type ModalSession,
} from '#app/lib/info-modals/queue.ts'
import { apiRequest } from '#app/utils/api-client.ts'
import type { readDevice as ReadDevice } from '#app/stores/device-storage.ts'

const InfoModalDialog = lazy(() => import('./info-modal-dialog.tsx'))

/** The navigation state field that opens a modal by id: `navigate(to, { state: { infoModal: 'welcome' } })` (product.md §2). */
export const INFO_MODAL_STATE_KEY = 'infoModal'

/** One session is one load of the app: at most 2 modals however often the host remounts. */
const session: ModalSession = { shown: 0 }
/** Navigations whose named modal was already opened (going back to them does not reopen it). */
const handledKeys = new Set<string>()
let modalsRequest: Promise<InfoModal[]> | undefined

function loadModals(): Promise<InfoModal[]> {
	modalsRequest ??= apiRequest<unknown>('/modalData.json').then(
		(data) => (Array.isArray(data) ? (data as InfoModal[]) : []),
		() => {
			// Optional content: a failed request shows nothing and is asked again on the next mount.
			modalsRequest = undefined
			return []
		},
	)
	return modalsRequest
}

function readDismissals(readDevice: typeof ReadDevice): ModalDismissal[] {
	try {
		return readDevice('dismissedInfoModals') ?? []
	} catch {
		// Storage refused (reported by device-storage): nothing counts as dismissed.
		return []
	}
}

function modalNameFrom(state: unknown): string | undefined {
	if (!state || typeof state !== 'object') return undefined
	const value = (state as Record<string, unknown>)[INFO_MODAL_STATE_KEY]
	return typeof value === 'string' && value ? value : undefined
}

/** Loads the modals, runs the queue, and opens a modal named by the navigation state. */
export default function InfoModalHost() {
	const location = useLocation()
	const [queue, setQueue] = useState<InfoModalQueue | null>(null)
	const [current, setCurrent] = useState<InfoModal | null>(null)
	const [dialogWanted, setDialogWanted] = useState(false)
	const returnFocus = useRef<Element | null>(null)

	useEffect(() => {
		let stopped = false
		let created: InfoModalQueue | undefined
		void loadModals().then(async (modals) => {
			if (stopped || modals.length === 0) return
			// Device storage (zod and every key's schema) loads only when there is a modal to queue.
			const { readDevice, writeDevice } = await import('#app/stores/device-storage.ts')
			if (stopped) return
			created = createInfoModalQueue({
				modals,
				session,
				now: () => Date.now(),
				dismissals: () => readDismissals(readDevice),
				onChange: (modal) => {
					// Taken before the dialog moves focus into itself, to give it back on close.
					if (modal) returnFocus.current = document.activeElement
					setCurrent(modal)
					if (modal) setDialogWanted(true)
				},
				onDismiss: (id, at) => {
					try {
						writeDevice('dismissedInfoModals', withModalDismissed(readDismissals(readDevice), id, at))
					} catch {
						// Reported by device-storage; the modal stays closed for this session.
					}
				},
			})
			created.start()
			setQueue(created)
		})
		return () => {
			stopped = true
			created?.stop()
		}
	}, [])

	const named = modalNameFrom(location.state)
	useEffect(() => {
		if (!queue || !named || handledKeys.has(location.key)) return
		handledKeys.add(location.key)
		queue.open(named)
	}, [queue, named, location.key])

	if (!dialogWanted || !queue) return null
	return (
		<Suspense fallback={null}>
			<InfoModalDialog modal={current} onDismiss={() => queue.dismiss()} returnFocus={returnFocus} />
		</Suspense>
	)
}
