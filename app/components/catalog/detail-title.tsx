import { Languages, Star } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { formatCount } from '#app/lib/browse/format.ts'
import { genreCategoryHref } from '#app/lib/browse/media.ts'
import { CATEGORIES } from '#app/lib/catalog/categories.ts'
import { cn } from '#app/lib/ui/cn.ts'
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
			<h1
				className={cn(
					showLogo ? 'sr-only' : 'text-3xl font-black tracking-tight sm:text-5xl',
					// A logo that failed after the first paint leaves its height to the text: nothing below it moves.
					logoFailed && 'flex min-h-20 items-end sm:min-h-24',
				)}
				data-testid="detail-title"
			>
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

/**
 * The original language fact, when there is a name. Loaders name the code (languageName): in the
 * browser the first Intl.DisplayNames loads the locale data, a 14 ms hydration task.
 */
export function LanguageFact({ name }: { name: string | null }) {
	if (!name) return null
	return (
		<DetailFact icon={<Languages className="h-4 w-4" aria-hidden="true" />} label="Original language">
			<span data-testid="original-language">{name}</span>
		</DetailFact>
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

/**
 * The top of a movie's or a series' page: the backdrop fading into the page, the poster
 * over it, and beside the poster the title, the tagline and what the page adds (`children`).
 * Both images load first (they are the largest paint).
 */
export function DetailHero({
	title,
	tagline,
	backdropPath,
	posterPath,
	logoPath,
	children,
}: {
	title: string
	tagline?: string | null
	backdropPath: string | null
	posterPath: string | null
	logoPath: string | null
	children: ReactNode
}) {
	return (
		<>
			<div className="relative -mx-4 -mt-6 overflow-hidden sm:mx-0 sm:mt-0 sm:rounded-2xl">
				<MediaImage
					path={backdropPath}
					kind="backdrop"
					alt=""
					priority
					sizes="(min-width: 1280px) 1280px, 100vw"
					className="h-56 w-full sm:h-96"
					placeholderClassName="aspect-auto h-56 sm:h-96"
				/>
				<div className="absolute inset-0 bg-gradient-to-t from-background via-background/40 to-transparent" />
			</div>
			<div className="-mt-40 flex flex-col gap-6 sm:-mt-56 md:flex-row">
				<MediaImage
					path={posterPath}
					kind="poster"
					alt={`${title} poster`}
					caption={{ title }}
					priority
					sizes="(min-width: 768px) 256px, 160px"
					className="relative w-40 shrink-0 rounded-xl shadow-2xl md:w-64"
				/>
				<div className="relative flex min-w-0 flex-col gap-4 md:pt-24">
					<DetailTitle title={title} logoPath={logoPath} />
					{tagline ? <p className="text-lg text-muted italic">{tagline}</p> : null}
					{children}
				</div>
			</div>
		</>
	)
}
