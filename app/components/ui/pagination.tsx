import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'

const linkClass = 'inline-flex items-center gap-1 rounded-md border border-border px-3 py-2 text-sm hover:bg-surface-2'

/** The pages the Previous and Next links lead to, or null where there is none. */
export function pageNeighbours(page: number, totalPages: number): { previous: number | null; next: number | null } {
	return { previous: page > 1 ? page - 1 : null, next: page < totalPages ? page + 1 : null }
}

/** Previous / "Page n of m" / Next links for a paged list; nothing when there is one page. */
export function Pagination({
	page,
	totalPages,
	hrefFor,
	label = 'Pages',
}: {
	page: number
	totalPages: number
	hrefFor: (page: number) => string
	label?: string
}) {
	if (totalPages <= 1) return null
	const { previous, next } = pageNeighbours(page, totalPages)
	return (
		<nav aria-label={label} className="flex items-center justify-center gap-3" data-testid="pagination">
			{previous !== null ? (
				<Link to={hrefFor(previous)} prefetch="intent" className={linkClass} data-testid="page-prev">
					<ChevronLeft className="h-4 w-4" aria-hidden="true" /> Previous
				</Link>
			) : null}
			<span className="text-sm" aria-current="page">
				Page {page} of {totalPages}
			</span>
			{next !== null ? (
				<Link to={hrefFor(next)} prefetch="intent" className={linkClass} data-testid="page-next">
					Next <ChevronRight className="h-4 w-4" aria-hidden="true" />
				</Link>
			) : null}
		</nav>
	)
}
