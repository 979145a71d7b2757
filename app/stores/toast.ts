import type * as Sonner from 'sonner'
import type { ExternalToast } from 'sonner'

/**
 * The one toast API of the app (sonner underneath; the toast host is mounted
 * by LibraryBoot in the root). Defaults per product.md §9: 4 s, 3 visible, 14 px
 * gap, bottom-right. Sonner is loaded on the first toast, so visitors who
 * never see one never download it. Errors use their message as id, so a
 * repeated failure shows one toast.
 */
export const TOAST_DURATION_MS = 4000
/** On phones (sonner's 600 px breakpoint) toasts sit above the mobile bottom bar, not on it. */
const MOBILE_TOAST_OFFSET = { bottom: 'calc(4.5rem + env(safe-area-inset-bottom))' }
export const TOASTER_PROPS = {
	position: 'bottom-right',
	visibleToasts: 3,
	gap: 14,
	duration: TOAST_DURATION_MS,
	mobileOffset: MOBILE_TOAST_OFFSET,
} as const

export type ToastOptions = Pick<ExternalToast, 'id' | 'duration' | 'description' | 'action'>
type Kind = 'message' | 'success' | 'info' | 'warning' | 'error'

let sonner: Promise<typeof Sonner> | undefined
const hostListeners = new Set<() => void>()

/** Whether a toast was requested (the host mounts from then on). */
export function toastHostNeeded() {
	return sonner !== undefined
}

export function onToastHostNeeded(listener: () => void) {
	hostListeners.add(listener)
	return () => {
		hostListeners.delete(listener)
	}
}

function show(kind: Kind, message: string, options?: ToastOptions) {
	if (typeof window === 'undefined') return
	if (!sonner) {
		sonner = import('sonner')
		for (const listener of hostListeners) listener()
	}
	// Toasts created before the host subscribes are replayed by sonner when it does.
	void sonner.then(({ toast: api }) => {
		if (kind === 'message') api(message, options)
		else api[kind](message, options)
	})
}

export const toast = {
	message: (message: string, options?: ToastOptions) => show('message', message, options),
	success: (message: string, options?: ToastOptions) => show('success', message, options),
	info: (message: string, options?: ToastOptions) => show('info', message, options),
	warning: (message: string, options?: ToastOptions) => show('warning', message, options),
	error: (message: string, options?: ToastOptions) => show('error', message, { id: message, ...options }),
	dismiss: (id?: string | number) => {
		void sonner?.then(({ toast: api }) => api.dismiss(id))
	},
}
