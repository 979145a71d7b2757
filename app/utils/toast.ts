import { toast as sonner, type ExternalToast } from 'sonner'

/**
 * The one toast API of the app (sonner underneath; the <Toaster /> lives in
 * the root). Defaults per spec §9: 4 s, 3 visible, 14 px gap, bottom-right.
 * Errors use their message as id, so a repeated failure shows one toast.
 */
export const TOAST_DURATION_MS = 4000
export const TOASTER_PROPS = { position: 'bottom-right', visibleToasts: 3, gap: 14, duration: TOAST_DURATION_MS } as const

export type ToastOptions = Pick<ExternalToast, 'id' | 'duration' | 'description' | 'action'>

export const toast = {
	message: (message: string, options?: ToastOptions) => sonner(message, options),
	success: (message: string, options?: ToastOptions) => sonner.success(message, options),
	info: (message: string, options?: ToastOptions) => sonner.info(message, options),
	warning: (message: string, options?: ToastOptions) => sonner.warning(message, options),
	error: (message: string, options?: ToastOptions) => sonner.error(message, { id: message, ...options }),
	dismiss: (id?: string | number) => sonner.dismiss(id),
}
