// Structured data (schema.org JSON-LD) for title pages. Its own module so the
// builders load with the lazily hydrated block that renders them, not with every page.

/** JSON for a <script type="application/ld+json">, safe to embed in HTML. */
export function jsonLdScript(value: unknown): string {
	return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026')
}

/** ISO 8601 duration from minutes (PT2H19M). */
export function isoDuration(minutes: number | null | undefined): string | undefined {
	if (typeof minutes !== 'number' || !Number.isFinite(minutes) || minutes <= 0) return undefined
	const hours = Math.floor(minutes / 60)
	const rest = Math.round(minutes % 60)
	return `PT${hours ? `${hours}H` : ''}${rest ? `${rest}M` : ''}`
}

export interface MovieJsonLdInput {
	name: string
	url: string
	description?: string
	image?: string
	thumbnail?: string
	datePublished?: string
	runtimeMinutes?: number | null
	genres?: string[]
	directors?: string[]
	actors?: string[]
	ratingValue?: number
	ratingCount?: number
}

/** Structured data for a movie and a video object (product.md §2, movie detail). */
export function movieJsonLd(input: MovieJsonLdInput): object[] {
	const duration = isoDuration(input.runtimeMinutes)
	const movie: Record<string, unknown> = {
		'@context': 'https://schema.org',
		'@type': 'Movie',
		name: input.name,
		url: input.url,
	}
	if (input.description) movie.description = input.description
	if (input.image) movie.image = input.image
	if (input.datePublished) movie.datePublished = input.datePublished
	if (duration) movie.duration = duration
	if (input.genres?.length) movie.genre = input.genres
	if (input.directors?.length) movie.director = input.directors.map((name) => ({ '@type': 'Person', name }))
	if (input.actors?.length) movie.actor = input.actors.map((name) => ({ '@type': 'Person', name }))
	if (input.ratingValue && input.ratingCount) {
		movie.aggregateRating = {
			'@type': 'AggregateRating',
			ratingValue: Number(input.ratingValue.toFixed(1)),
			bestRating: 10,
			worstRating: 0,
			ratingCount: input.ratingCount,
		}
	}
	const video: Record<string, unknown> = {
		'@context': 'https://schema.org',
		'@type': 'VideoObject',
		name: input.name,
		description: input.description || input.name,
		thumbnailUrl: [input.thumbnail ?? input.image].filter(Boolean),
		url: input.url,
	}
	if (input.datePublished) video.uploadDate = input.datePublished
	if (duration) video.duration = duration
	return [movie, video]
}
