import { useEffect, useState } from 'react'

/** Popular movie and series names for the rotating search placeholder (product.md §2); loaded after hydration. */
export function usePopularTitles(): readonly string[] {
	const [titles, setTitles] = useState<readonly string[]>([])
	useEffect(() => {
		let current = true
		void import('#app/stores/popular-titles.ts')
			.then(({ loadPopularTitles }) => loadPopularTitles())
			.then((names) => {
				if (current) setTitles(names)
			})
			.catch((error: unknown) => console.warn('Could not load popular titles for the search placeholder', error))
		return () => {
			current = false
		}
	}, [])
	return titles
}
