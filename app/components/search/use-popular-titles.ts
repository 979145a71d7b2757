import { useEffect, useState } from 'react'

// One request per page load, shared by the header's search box and the
// search overlay; a failure is only logged (the standard text stays). The
// fetching code loads after hydration, outside the first-load JavaScript.
let loading: Promise<string[]> | null = null

function loadPopularTitles(): Promise<string[]> {
	loading ??= import('./popular-titles.ts')
		.then(({ fetchPopularTitles }) => fetchPopularTitles())
		.catch((error: unknown) => {
			console.warn('Could not load popular titles for the search placeholder', error)
			loading = null
			return []
		})
	return loading
}

/** Popular movie and series names for the rotating search placeholder (spec §2). */
export function usePopularTitles(): readonly string[] {
	const [titles, setTitles] = useState<readonly string[]>([])
	useEffect(() => {
		let current = true
		void loadPopularTitles().then((names) => {
			if (current) setTitles(names)
		})
		return () => {
			current = false
		}
	}, [])
	return titles
}
