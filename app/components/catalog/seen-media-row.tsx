import { hydrateWhenSeen } from '#app/components/ui/hydrate-when-seen.tsx'
import { MediaRow } from './media-row.tsx'

/**
 * A row of the list pages (home, /movies, /series) that hydrates once it nears the viewport: on a
 * phone most of their rows start below the fold (decision 0073). A module of its own, so only the
 * list pages load the gate's code: the title pages and search are within a few hundred bytes of the
 * first-load budget.
 */
export const SeenMediaRow = hydrateWhenSeen(MediaRow)
