// Image URLs for pages. Real TMDB image paths ("/abc123.jpg") load from TMDB's
// image host; Willow's demo artwork paths ("/art/poster/movie-550.webp") load
// from Willow's own artwork route, which draws them on the server.

export const TMDB_IMAGE_HOST = 'https://image.tmdb.org/t/p'
export const ART_PREFIX = '/art/'
export const ART_ROUTE = '/api/images/art'

export type ArtKind = 'poster' | 'backdrop' | 'logo' | 'still' | 'profile'
export const ART_KINDS: readonly ArtKind[] = ['poster', 'backdrop', 'logo', 'still', 'profile']

/** TMDB size names: poster w92..w780, backdrop w300..w1280, logo w45..w500, still w92..w300, profile w45..h632. */
export type ImageSize = 'w45' | 'w92' | 'w154' | 'w185' | 'w300' | 'w342' | 'w500' | 'w780' | 'w1280' | 'h632' | 'original'

/** The width artwork is drawn at for "original". */
const ORIGINAL_WIDTH: Record<ArtKind, number> = { poster: 1000, backdrop: 1920, logo: 800, still: 1280, profile: 500 }

export function artPath(kind: ArtKind, ref: string) {
	return `${ART_PREFIX}${kind}/${ref}.webp`
}

export function isArtPath(path: string | null | undefined): path is string {
	return typeof path === 'string' && path.startsWith(ART_PREFIX)
}

/** Splits "/art/poster/movie-550.webp" into its kind and reference; anything else → undefined. */
export function parseArtPath(path: string): { kind: ArtKind; ref: string } | undefined {
	const match = /^\/art\/(poster|backdrop|logo|still|profile)\/([a-z]+(?:-\d{1,10}){1,3})\.webp$/.exec(path)
	if (!match) return undefined
	return { kind: match[1] as ArtKind, ref: match[2]! }
}

function sizeWidth(size: ImageSize, kind: ArtKind): number {
	if (size === 'original') return ORIGINAL_WIDTH[kind]
	if (size === 'h632') return 421
	return Number(size.slice(1))
}

/**
 * The URL to load an image path at a TMDB size. Returns undefined for a
 * missing path so callers can show their placeholder.
 */
export function imageUrl(
	path: string | null | undefined,
	size: ImageSize = 'original',
	tmdbBase: string = TMDB_IMAGE_HOST,
): string | undefined {
	if (!path) return undefined
	if (/^https?:\/\//.test(path)) return path
	if (isArtPath(path)) {
		const art = parseArtPath(path)
		if (!art) return undefined
		return `${ART_ROUTE}/${art.kind}/${art.ref}.webp?w=${sizeWidth(size, art.kind)}`
	}
	const clean: string = path
	return `${tmdbBase.replace(/\/+$/, '')}/${size}${clean.startsWith('/') ? clean : `/${clean}`}`
}
