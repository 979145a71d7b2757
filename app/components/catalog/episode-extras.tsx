import { GUEST_STARS_VISIBLE, splitVisible } from '#app/lib/browse/credits.ts'
import { MediaImage } from './media-image.tsx'

export interface GuestStar {
	id: number
	name: string
	character?: string | null
	profile_path: string | null
}

/** An episode page's guest stars and stills: HTML with no behaviour, so the page hydrates it lazily. */
export function EpisodeExtras({ episodeName, guestStars, stills }: { episodeName: string; guestStars: GuestStar[]; stills: string[] }) {
	const { shown, hiddenCount } = splitVisible(guestStars, GUEST_STARS_VISIBLE)
	return (
		<>
			{guestStars.length > 0 ? (
				<section aria-labelledby="guest-stars" data-testid="guest-stars">
					<h2 id="guest-stars" className="mb-3 text-xl font-semibold">
						Guest stars
					</h2>
					<ul className="flex flex-wrap gap-3">
						{shown.map((person) => (
							<li key={`${person.id}-${person.character ?? ''}`} className="flex w-56 items-center gap-3 rounded-lg bg-surface-2 p-2">
								<MediaImage path={person.profile_path} kind="profile" alt="" fixedSize="w185" className="h-14 w-10 shrink-0 rounded-md" />
								<div className="min-w-0">
									<p className="truncate text-sm font-medium">{person.name}</p>
									{person.character ? <p className="truncate text-xs text-muted">{person.character}</p> : null}
								</div>
							</li>
						))}
						{hiddenCount > 0 ? (
							<li className="flex items-center rounded-lg bg-surface-2 px-4 text-sm font-medium" data-testid="guest-stars-more">
								+{hiddenCount} more
							</li>
						) : null}
					</ul>
				</section>
			) : null}
			{stills.length > 0 ? (
				<section aria-labelledby="episode-stills">
					<h2 id="episode-stills" className="mb-3 text-xl font-semibold">
						Episode stills
					</h2>
					<ul className="relative flex gap-3 overflow-x-auto pb-2">
						{stills.map((path, index) => (
							<li key={path} className="w-64 shrink-0">
								<MediaImage
									path={path}
									kind="still"
									alt={`Still ${index + 1} from ${episodeName}`}
									sizes="256px"
									className="w-full rounded-lg"
								/>
							</li>
						))}
					</ul>
				</section>
			) : null}
		</>
	)
}
