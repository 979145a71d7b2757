import type { ShouldRevalidateFunctionArgs } from 'react-router'

/**
 * Detail pages keep their data when only ?play= changes: opening and closing
 * the player replaces the address (product.md: it keeps ?play=true while open), and
 * that must not reload the page's data.
 */
export function keepDataWhenOnlyPlayChanges({
	currentUrl,
	nextUrl,
	defaultShouldRevalidate,
	formMethod,
}: ShouldRevalidateFunctionArgs): boolean {
	if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate
	const strip = (url: URL) => {
		const params = new URLSearchParams(url.search)
		params.delete('play')
		params.sort()
		return params.toString()
	}
	return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate
}

/** A TMDB date's year as a number (null when unknown). */
export function releaseYear(date: string | null | undefined): number | null {
	const match = date ? /^(\d{4})/.exec(date) : null
	return match ? Number(match[1]) : null
}
