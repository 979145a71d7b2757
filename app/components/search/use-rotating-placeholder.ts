import { useEffect, useState } from 'react'
import { PLACEHOLDER_FADE_MS, PLACEHOLDER_ROTATE_MS, SEARCH_PLACEHOLDER } from '#app/lib/site/site.ts'

/**
 * The rotating search placeholder (product.md §4): starts on the standard text, then
 * every 5 s fades out for 300 ms and comes back with the next popular title.
 * With reduced motion it still changes, without the fade.
 */
export function useRotatingPlaceholder(titles: readonly string[], active = true) {
	const [index, setIndex] = useState(-1)
	const [visible, setVisible] = useState(true)
	useEffect(() => {
		if (!active || titles.length === 0) return
		let fadeTimer: number | undefined
		const timer = window.setInterval(() => {
			setVisible(false)
			fadeTimer = window.setTimeout(() => {
				setIndex((i) => (i + 1) % titles.length)
				setVisible(true)
			}, PLACEHOLDER_FADE_MS)
		}, PLACEHOLDER_ROTATE_MS)
		return () => {
			window.clearInterval(timer)
			window.clearTimeout(fadeTimer)
		}
	}, [titles, active])
	const title = index < 0 ? undefined : titles[index % titles.length]
	return { text: title ?? SEARCH_PLACEHOLDER, isDefault: title === undefined, visible }
}
