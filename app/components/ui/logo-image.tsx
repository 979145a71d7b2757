import { useEffect, useRef, useState, type ComponentProps } from 'react'

/** The site icon: what a logo falls back to (product.md §7, the logo helper). */
export const SITE_ICON = '/favicon.svg'

export interface LogoImageProps extends Omit<ComponentProps<'img'>, 'src' | 'alt' | 'onError'> {
	/** The logo's URL; missing means the site icon. */
	src: string | null | undefined
	alt: string
}

/**
 * A logo where one is expected (a partner, a provider): the site icon when
 * there is none or it fails to load, so the slot never shows a broken image.
 * Where a title can stand in instead (hero slides, detail pages), the caller
 * shows the text and does not use this.
 */
export function LogoImage({ src, alt, ...props }: LogoImageProps) {
	const [failed, setFailed] = useState(false)
	const ref = useRef<HTMLImageElement>(null)
	// An image that failed before hydration never fires onError for React.
	useEffect(() => {
		const img = ref.current
		if (img && img.complete && img.naturalWidth === 0 && img.currentSrc && !img.currentSrc.endsWith(SITE_ICON)) setFailed(true)
	}, [])
	const shown = !src || failed ? SITE_ICON : src
	return (
		<img
			ref={ref}
			src={shown}
			alt={alt}
			data-fallback={shown === SITE_ICON ? 'site-icon' : undefined}
			onError={() => setFailed(true)}
			{...props}
		/>
	)
}
