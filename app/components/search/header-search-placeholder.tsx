import { RotatingPlaceholder } from './rotating-placeholder.tsx'
import { usePopularTitles } from './use-popular-titles.ts'

/**
 * The header search box's rotating placeholder. The box loads it as its own
 * chunk (the server renders it into the page), so the rotation stays out of
 * the first-load JavaScript of every page.
 */
export default function HeaderSearchPlaceholder({ className }: { className: string }) {
	const titles = usePopularTitles()
	return <RotatingPlaceholder titles={titles} active className={className} testId="header-search-placeholder" />
}
