import { Clapperboard, ImageOff, User } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { imageUrl, type ImageSize } from '#app/lib/catalog/images.ts'
import { SITE_ICON } from '#app/components/ui/logo-image.tsx'

export type ImageKind = 'poster' | 'backdrop' | 'still' | 'logo' | 'profile'

// TMDB sizes per kind (product.md §7) and their pixel widths, for srcset.
const SIZES: Record<ImageKind, Array<[ImageSize, number]>> = {
	// Cards are at most ~240 CSS px wide, so three sizes cover 1x and 2x screens.
	poster: [
		['w185', 185],
		['w342', 342],
		['w500', 500],
	],
	backdrop: [
		['w300', 300],
		['w780', 780],
		['w1280', 1280],
	],
	still: [
		['w92', 92],
		['w185', 185],
		['w300', 300],
	],
	logo: [
		['w92', 92],
		['w185', 185],
		['w300', 300],
		['w500', 500],
	],
	profile: [
		['w45', 45],
		['w185', 185],
	],
}

const ASPECT: Record<ImageKind, string> = {
	poster: 'aspect-[2/3]',
	backdrop: 'aspect-video',
	still: 'aspect-video',
	logo: '',
	profile: 'aspect-[2/3]',
}

const DIMENSIONS: Record<ImageKind, [number, number]> = {
	poster: [342, 513],
	backdrop: [1280, 720],
	still: [300, 169],
	logo: [500, 200],
	profile: [185, 278],
}

export interface MediaImageProps {
	path: string | null | undefined
	kind: ImageKind
	alt: string
	/** The `sizes` attribute; the browser picks from the srcset with it. */
	sizes?: string
	/** A single fixed size (small rows, search results); no srcset. */
	fixedSize?: ImageSize
	/** Above the fold: loads eagerly with high priority. */
	priority?: boolean
	className?: string
	/** Classes of the placeholder shown when there is no image or it fails to load. */
	placeholderClassName?: string
	/** Told when the image fails (a logo falls back to the title text). */
	onFailed?: () => void
	/**
	 * Drawn on the placeholder of a poster with no art (or art that failed), so
	 * titles without art do not all look alike (issue 26).
	 */
	caption?: { title: string; year?: string | number | null }
}

/** A hue per title, so captioned placeholders differ at a glance; dark enough for white text (WCAG AA). */
function captionHue(title: string) {
	let h = 0
	for (const char of title) h = (h * 31 + char.codePointAt(0)!) % 360
	return h
}

/** Builds src and srcset for a TMDB image path (exported for the overlay and tests). */
export function imageSources(path: string, kind: ImageKind, fixedSize?: ImageSize) {
	if (fixedSize) return { src: imageUrl(path, fixedSize), srcSet: undefined }
	const sizes = SIZES[kind]
	const middle = sizes[Math.min(sizes.length - 1, Math.floor(sizes.length / 2))] ?? sizes[0]!
	return {
		src: imageUrl(path, middle[0]),
		srcSet: sizes.map(([size, width]) => `${imageUrl(path, size)} ${width}w`).join(', '),
	}
}

/**
 * A catalogue image with a responsive srcset, lazy below the fold, a fixed
 * aspect box so nothing shifts, and a placeholder when the path is missing or
 * the image fails to load (product.md §4).
 */
export function MediaImage({
	path,
	kind,
	alt,
	sizes,
	fixedSize,
	priority,
	className,
	placeholderClassName,
	onFailed,
	caption,
}: MediaImageProps) {
	const [failed, setFailed] = useState(false)
	const ref = useRef<HTMLImageElement>(null)
	// An image that failed before hydration never fires onError for React.
	useEffect(() => {
		const img = ref.current
		if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) {
			setFailed(true)
			onFailed?.()
		}
		// Only the first render's image can have failed before hydration.
		// eslint-disable-next-line react-hooks/exhaustive-deps
	}, [])
	if (!path || failed) {
		const Icon = kind === 'profile' ? User : kind === 'logo' ? ImageOff : Clapperboard
		// A logo with a text stand-in (onFailed: hero slides, detail titles) leaves the slot to the caller;
		// elsewhere a logo falls back to the site icon (product.md §7).
		if (kind === 'logo')
			return onFailed ? null : <img src={SITE_ICON} alt={alt} data-fallback="site-icon" className={cn('object-contain', className)} />
		if (caption && kind === 'poster') {
			const hue = captionHue(caption.title)
			return (
				<div
					role="img"
					aria-label={alt || caption.title}
					data-testid="image-placeholder"
					data-captioned=""
					style={{ backgroundImage: `linear-gradient(160deg, hsl(${hue} 45% 30%), hsl(${(hue + 40) % 360} 50% 14%))` }}
					className={cn('flex flex-col justify-end gap-1 p-3 text-left text-white', ASPECT[kind], className, placeholderClassName)}
				>
					<Icon className="mb-auto h-5 w-5 text-white/70" aria-hidden="true" />
					<span className="line-clamp-4 text-sm leading-tight font-bold [overflow-wrap:anywhere]" data-testid="placeholder-title">
						{caption.title}
					</span>
					{caption.year ? (
						<span className="text-xs font-medium text-white/90" data-testid="placeholder-year">
							{caption.year}
						</span>
					) : null}
				</div>
			)
		}
		return (
			<div
				role="img"
				aria-label={alt || 'No image'}
				data-testid="image-placeholder"
				className={cn('flex items-center justify-center bg-surface-3 text-muted', ASPECT[kind], className, placeholderClassName)}
			>
				<Icon className="h-1/4 max-h-10 w-1/4 max-w-10" aria-hidden="true" />
			</div>
		)
	}
	const { src, srcSet } = imageSources(path, kind, fixedSize)
	const [width, height] = DIMENSIONS[kind]
	return (
		<img
			ref={ref}
			src={src}
			srcSet={srcSet}
			sizes={srcSet ? sizes : undefined}
			alt={alt}
			width={width}
			height={height}
			loading={priority ? 'eager' : 'lazy'}
			fetchPriority={priority ? 'high' : undefined}
			// The largest image of a page paints with the first frame after it arrives; async decoding let the
			// first paint go without it, and Lighthouse then counted every poster fetched meanwhile into its LCP.
			decoding={priority ? 'sync' : 'async'}
			onError={() => {
				setFailed(true)
				onFailed?.()
			}}
			// A logo sits on the artwork: no grey box behind it (its own classes fit it, object-contain).
			className={cn(kind === 'logo' ? undefined : 'bg-surface-2 object-cover', ASPECT[kind], className)}
		/>
	)
}
