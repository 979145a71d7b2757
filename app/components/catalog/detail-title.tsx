import { Star } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { formatCount } from '#app/lib/browse/format.ts'
import { genreCategoryHref } from '#app/lib/browse/media.ts'
import { CATEGORIES } from '#app/lib/catalog/categories.ts'
import { MediaImage } from './media-image.tsx'

/**
 * A detail page's title: the logo when there is one (the heading stays for
 * screen readers and search engines), the title text otherwise or when the
 * logo fails to load.
 */
export function DetailTitle({ title, logoPath }: { title: string; logoPath: string | null }) {
	const [logoFailed, setLogoFailed] = useState(false)
	const showLogo = Boolean(logoPath) && !logoFailed
	return (
		<>
			{showLogo ? (
				<MediaImage
					path={logoPath}
					kind="logo"
					alt=""
					sizes="320px"
					priority
					onFailed={() => setLogoFailed(true)}
					// Logos are mostly white and the backdrop fades to the page colour (white in the light
					// theme): a tight dark outline keeps one legible on any background (issue 26).
					className="h-20 w-auto max-w-xs object-contain object-left [filter:drop-shadow(0_0_1px_rgb(0_0_0/0.9))_drop-shadow(0_2px_6px_rgb(0_0_0/0.6))] sm:h-24"
				/>
			) : null}
			<h1 className={showLogo ? 'sr-only' : 'text-3xl font-black tracking-tight sm:text-5xl'} data-testid="detail-title">
				{title}
			</h1>
		</>
	)
}

/** One fact of a detail page's meta row (date, rating, runtime…), with its label for screen readers. */
export function DetailFact({ icon, label, children }: { icon: ReactNode; label?: string; children: ReactNode }) {
	return (
		<span className="inline-flex items-center gap-1">
			{icon}
			{label ? <span className="sr-only">{label}: </span> : null}
			{children}
		</span>
	)
}

/** The rating fact: average and vote count. */
export function RatingFact({ rating, votes }: { rating: string; votes: number | undefined }) {
	return (
		<DetailFact icon={<Star className="h-4 w-4 fill-current text-yellow-500" aria-hidden="true" />} label="Rating">
			{rating}
			<span className="text-muted">({formatCount(votes)} votes)</span>
		</DetailFact>
	)
}

/** Genre chips linking to /categories/{genre-slug}. */
export function GenreChips({ genres }: { genres: ReadonlyArray<{ id: number; name: string }> }) {
	if (genres.length === 0) return null
	return (
		<ul aria-label="Genres" className="flex flex-wrap gap-2">
			{genres.map((genre) => (
				<li key={genre.id}>
					<Link
						to={genreCategoryHref(genre, CATEGORIES)}
						prefetch="intent"
						className="inline-block rounded-full border border-border px-3 py-1 text-sm hover:bg-surface-2"
						data-testid="genre-chip"
					>
						{genre.name}
					</Link>
				</li>
			))}
		</ul>
	)
}

export function DetailOverview({ text }: { text: string | null | undefined }) {
	if (!text) return null
	return (
		<section aria-label="Overview">
			<h2 className="sr-only">Overview</h2>
			<p className="max-w-3xl leading-relaxed">{text}</p>
		</section>
	)
}
