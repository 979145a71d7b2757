/** Meta descriptors for a page: title, description, Open Graph and Twitter tags. */
export interface PageMetaInput {
	title: string
	description: string
	/** Absolute URL of the page's image (a poster or backdrop). */
	image?: string
	/** Absolute canonical URL. */
	url?: string
	type?: 'website' | 'video.movie' | 'video.tv_show' | 'video.episode'
}

export const SITE_TITLE_SUFFIX = ' | Willow'

export function pageTitle(title: string): string {
	return title.endsWith(SITE_TITLE_SUFFIX) || title.startsWith('Willow') ? title : `${title}${SITE_TITLE_SUFFIX}`
}

/** Descriptions are kept under ~160 characters, cut at a word. */
export function metaDescription(text: string | null | undefined, fallback: string, limit = 160): string {
	const clean = (text ?? '').replace(/\s+/g, ' ').trim() || fallback
	if (clean.length <= limit) return clean
	const cut = clean.slice(0, limit - 1)
	const lastSpace = cut.lastIndexOf(' ')
	return `${(lastSpace > limit / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

export type MetaDescriptor =
	| { title: string }
	| { name: string; content: string }
	| { property: string; content: string }
	| { tagName: 'link'; rel: string; href: string }

export function pageMeta(input: PageMetaInput): MetaDescriptor[] {
	const title = pageTitle(input.title)
	const tags: MetaDescriptor[] = [
		{ title },
		{ name: 'description', content: input.description },
		{ property: 'og:site_name', content: 'Willow' },
		{ property: 'og:title', content: title },
		{ property: 'og:description', content: input.description },
		{ property: 'og:type', content: input.type ?? 'website' },
		{ name: 'twitter:card', content: input.image ? 'summary_large_image' : 'summary' },
		{ name: 'twitter:title', content: title },
		{ name: 'twitter:description', content: input.description },
	]
	if (input.url) {
		tags.push({ property: 'og:url', content: input.url })
		tags.push({ tagName: 'link', rel: 'canonical', href: input.url })
	}
	if (input.image) {
		tags.push({ property: 'og:image', content: input.image })
		tags.push({ name: 'twitter:image', content: input.image })
	}
	return tags
}

/** Makes an image URL absolute against the page's origin (artwork served by Willow is relative). */
export function absoluteUrl(url: string | undefined, origin: string): string | undefined {
	if (!url) return undefined
	try {
		return new URL(url, origin).toString()
	} catch {
		return undefined
	}
}

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
