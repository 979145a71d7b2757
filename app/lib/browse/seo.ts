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
