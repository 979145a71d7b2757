/**
 * Moves focus to the page's main content, for when the focused control is
 * about to disappear (a dismissed notice or ad): focus would otherwise fall
 * back to the document body and keyboard users would lose their place.
 */
export function focusMainContent() {
	const main = document.getElementById('main')
	if (!main) return
	if (!main.hasAttribute('tabindex')) main.setAttribute('tabindex', '-1')
	main.focus({ preventScroll: true })
}
