import { cn } from '#app/lib/ui/cn.ts'
import { SEARCH_PLACEHOLDER_SHORT } from '#app/lib/site/site.ts'
import { useRotatingPlaceholder } from './use-rotating-placeholder.ts'

/**
 * The search placeholder every search box shows (header box, overlay, search
 * page): the standard text, then popular titles in turn (product.md §2, §4). It is
 * drawn over the empty input (aria-hidden: the input has its own label).
 * Phones get a shorter standard text (drawn from `data-short`, so the element
 * still reads as the standard text), and no text is ever cut inside a word:
 * the box is one line high and words that do not fit wrap onto a hidden
 * second line.
 */
export function RotatingPlaceholder({
	titles,
	active,
	className,
	testId = 'search-placeholder',
}: {
	titles: readonly string[]
	active: boolean
	className?: string
	testId?: string
}) {
	const placeholder = useRotatingPlaceholder(titles, active)
	return (
		<span
			aria-hidden="true"
			data-short={placeholder.isDefault ? SEARCH_PLACEHOLDER_SHORT : undefined}
			className={cn(
				'pointer-events-none absolute top-1/2 h-[1lh] -translate-y-1/2 overflow-hidden text-muted transition-opacity duration-300 motion-reduce:transition-none',
				placeholder.isDefault && 'max-sm:before:content-[attr(data-short)] max-sm:[&>span]:hidden',
				placeholder.visible ? 'opacity-100' : 'opacity-0',
				className,
			)}
			data-testid={testId}
		>
			<span>{placeholder.text}</span>
		</span>
	)
}
