import { Play } from 'lucide-react'
import { Link, useNavigate } from 'react-router'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { episodeHref, movieHref } from '#app/lib/catalog/slug.ts'

/** The detail page that plays a title by itself (?play=true): a movie, or an episode of a show. */
export function playHref(
	target: { type: 'movie'; id: number; title: string } | { type: 'tv'; id: number; title: string; season: number; episode: number },
): string {
	const page =
		target.type === 'movie' ? movieHref(target.id, target.title) : episodeHref(target.id, target.title, target.season, target.episode)
	return `${page}?play=true`
}

/**
 * Watch from a card or the hero: a link to the movie or episode page with
 * ?play=true (that page looks the stream up; nothing is looked up here). For
 * a show it goes to the next unwatched episode from the watch history, else
 * S1E1; the history code loads on the click, so it stays out of the page's
 * first load, and the plain link (S1E1) works before hydration.
 */
export function WatchLink({
	type,
	id,
	title,
	released,
	className,
}: {
	type: 'movie' | 'tv'
	id: number
	title: string
	released: boolean
	className?: string
}) {
	const navigate = useNavigate()
	if (!released) {
		return (
			<Button disabled className={className} data-testid="watch-link">
				<Play className="h-5 w-5 fill-current" aria-hidden="true" />
				Coming Soon
			</Button>
		)
	}
	const href = type === 'movie' ? playHref({ type, id, title }) : playHref({ type, id, title, season: 1, episode: 1 })
	return (
		<Link
			to={href}
			className={cn(buttonClass('primary', 'md'), className)}
			data-testid="watch-link"
			onClick={(event) => {
				if (type !== 'tv' || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
				event.preventDefault()
				void Promise.all([import('#app/stores/library.ts'), import('#app/lib/library/history.ts')])
					.then(([library, history]) => {
						const item = library.getHistorySnapshot().history[id]
						const next = item ? history.nextEpisodeToWatch(item) : null
						return next ? playHref({ type, id, title, season: next.season, episode: next.episode }) : href
					})
					.catch(() => href)
					.then((to) => navigate(to))
			}}
		>
			<Play className="h-5 w-5 fill-current" aria-hidden="true" />
			Watch
		</Link>
	)
}
