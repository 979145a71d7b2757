import { useEffect, type RefObject } from 'react'

/**
 * What a visitor chose or typed in a form control before React hydrated it. The page paints
 * before its scripts run (decision 0053), so on a slow phone a select can be used or a login
 * typed early; hydration then puts back the value rendered on the server, and the choice
 * would be lost without a word. entry.client captures such values just before hydrating; each
 * control that uses `useEarlyInput` (the Select and Input primitives do) hands its own back to
 * React once it has hydrated, as the event its onChange listens to. A control in a lazily
 * hydrated part of the page does so when that part hydrates; such a part takes down its values again
 * just before (a control in it can be used after the rest of the page hydrated). Controls that have
 * hydrated and been changed since are taken down then too, and never asked for again: harmless.
 */
type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement

const chosenEarly = new WeakMap<Control, string>()

/** The option the server marked selected, else the first (what a select shows untouched). */
function serverIndex(select: HTMLSelectElement): number {
	const index = Array.from(select.options).findIndex((option) => option.defaultSelected)
	return index === -1 ? 0 : index
}

/**
 * Remembers every select, text box and slider whose value differs from what the server rendered
 * (a check box's or a button's value never changes; a file input's cannot be set back).
 */
export function captureEarlyInput(root: ParentNode = document) {
	for (const select of root.querySelectorAll('select')) {
		if (select.multiple || select.selectedIndex === -1) continue
		if (select.selectedIndex !== serverIndex(select)) chosenEarly.set(select, select.value)
	}
	for (const control of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')) {
		if (control.type !== 'file' && control.value !== control.defaultValue) chosenEarly.set(control, control.value)
	}
}

/**
 * Gives a hydrated control back the value it had before hydration. It may still show that
 * value when this runs, but React puts back its own on its next render unless an event tells
 * it: `change` for a select, `input` for text and sliders. For text, React only reports an input whose
 * value differs from the one it last saw, so the server's value is set first through the
 * element (which React watches) and the chosen one under it.
 */
export function replayEarlyInput(control: Control) {
	const chosen = chosenEarly.get(control)
	chosenEarly.delete(control)
	if (chosen === undefined) return
	if (control instanceof HTMLSelectElement) {
		control.value = chosen
		control.dispatchEvent(new Event('change', { bubbles: true }))
		return
	}
	control.value = control.defaultValue
	Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control) as object, 'value')?.set?.call(control, chosen)
	control.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Hands the control's pre-hydration value back to React once it has hydrated (see above). */
export function useEarlyInput(ref: RefObject<Control | null>) {
	useEffect(() => {
		if (ref.current) replayEarlyInput(ref.current)
	}, [ref])
}
