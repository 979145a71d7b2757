import { useCallback, useEffect, type RefObject } from 'react'

// The player is a modal dialog portalled to <body>: it takes focus when it
// opens (so keys work at once), everything else in <body> is inert while it is
// open (keyboard and screen readers stay inside) and restored on close, and
// the edge guards send Tab past the last control back to the first and
// Shift+Tab before the first to the last.

/** Focuses the dialog's first or last control (the dialog itself when it has none). */
function focusEdgeOf(root: HTMLElement, edge: 'first' | 'last') {
	const controls = Array.from(root.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [tabindex]')).filter(
		(element) =>
			element.tabIndex >= 0 &&
			!element.hasAttribute('data-focus-guard') &&
			!element.closest('[hidden],[inert]') &&
			element.getClientRects().length > 0,
	)
	const target = edge === 'first' ? controls[0] : controls[controls.length - 1]
	;(target ?? root).focus()
}

export function useModalDialog(rootRef: RefObject<HTMLElement | null>) {
	useEffect(() => {
		const root = rootRef.current
		if (!root) return
		root.focus()
		const madeInert: Element[] = []
		const makeInert = (elements: Iterable<Element>) => {
			for (const element of elements) {
				if (element.contains(root) || element.hasAttribute('inert')) continue
				element.setAttribute('inert', '')
				madeInert.push(element)
			}
		}
		makeInert(Array.from(document.body.children))
		// What is added to <body> while the player is open (a toast, a widget that loads late) is
		// behind it too: otherwise Tab could leave the dialog for it (seen in a CI run).
		const observer = new MutationObserver((records) => {
			for (const record of records) makeInert(Array.from(record.addedNodes).filter((node): node is Element => node instanceof Element))
		})
		observer.observe(document.body, { childList: true })
		// Tab with focus on the dialog itself or outside it: on the body, when the focused control was
		// removed, the browser goes on from where that control was, which can be past the last guard and
		// out of the page (seen in a CI run). Such a Tab goes to the first control (Shift+Tab: the last).
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key !== 'Tab' || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
			const focused = document.activeElement
			if (focused && focused !== root && root.contains(focused)) return
			event.preventDefault()
			focusEdgeOf(root, event.shiftKey ? 'last' : 'first')
		}
		document.addEventListener('keydown', onKeyDown, true)
		return () => {
			document.removeEventListener('keydown', onKeyDown, true)
			observer.disconnect()
			for (const element of madeInert) element.removeAttribute('inert')
		}
	}, [rootRef])

	return useCallback(
		(edge: 'first' | 'last') => {
			if (rootRef.current) focusEdgeOf(rootRef.current, edge)
		},
		[rootRef],
	)
}
