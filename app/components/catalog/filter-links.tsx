import { Link } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { MEDIA_FILTER_LABELS, MEDIA_FILTERS, type MediaFilter } from '#app/lib/catalog/media-type.ts'

/** All / Movies / TV Shows as links, so the filter lives in the address. */
export function FilterLinks({ base, current, extra = '' }: { base: string; current: MediaFilter; extra?: string }) {
	return (
		<nav aria-label="Media type" className="flex gap-1 self-start rounded-lg bg-surface-2 p-1" data-testid="media-filter">
			{MEDIA_FILTERS.map((filter) => {
				const query = [filter === 'all' ? '' : `type=${filter}`, extra].filter(Boolean).join('&')
				return (
					<Link
						key={filter}
						to={`${base}${query ? `?${query}` : ''}`}
						prefetch="intent"
						preventScrollReset
						aria-current={filter === current ? 'page' : undefined}
						className={cn('rounded-md px-3 py-1.5 text-sm', filter === current ? 'bg-accent text-accent-foreground' : 'hover:bg-surface-3')}
					>
						{MEDIA_FILTER_LABELS[filter]}
					</Link>
				)
			})}
		</nav>
	)
}
