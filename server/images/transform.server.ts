import sharp from 'sharp'
import { z } from 'zod'

// The image proxy's parameters (product.md §7) and the sharp pipeline that applies
// them. Every number is bounded so one request cannot ask for a huge or slow
// image; anything invalid is a 400 before any work is done.

export const MAX_DIMENSION = 2000
const OUTPUTS = ['webp', 'jpeg', 'jpg', 'png', 'avif'] as const
const FITS = ['cover', 'contain', 'fill', 'inside', 'outside'] as const

/**
 * q is a quality factor in (0, 1]: it scales the encoder's quality from the
 * format's default (webp 80, jpeg 82, avif 50; 1 keeps the default). For png,
 * which is lossless, q below 1 switches to a palette with that many colours'
 * share (q × 256).
 */
export const BASE_QUALITY = { webp: 80, jpeg: 82, avif: 50 } as const

const number = (name: string, min: number, max: number) =>
	z.coerce
		.number({ error: `${name} must be a number` })
		.min(min, `${name} must be at least ${min}`)
		.max(max, `${name} must be at most ${max}`)

/**
 * The sizes an image is rendered at: TMDB's widths (w45 … w1280, h632 as 421
 * wide) and the artwork's "original" widths. Only these, so the number of
 * distinct renders (and cache entries) of one image stays small.
 */
export const IMAGE_WIDTHS = [45, 92, 154, 185, 300, 342, 421, 500, 780, 800, 1000, 1280, 1920] as const
/** Quality factors offered (q). */
export const QUALITY_STEPS = [0.25, 0.5, 0.75, 0.9, 1] as const

const size = (name: 'w' | 'h') =>
	z.coerce
		.number({ error: `${name} must be a number` })
		.refine((value) => (IMAGE_WIDTHS as readonly number[]).includes(value), `${name} must be one of ${IMAGE_WIDTHS.join(', ')}`)
/** A tenth step: 1.2 is fine, 1.234 is not (one more distinct render per digit otherwise). */
const tenths = (name: string, min: number, max: number) =>
	number(name, min, max).refine((value) => Math.abs(value * 10 - Math.round(value * 10)) < 1e-9, `${name} takes one decimal at most`)

export const TransformSchema = z
	.object({
		w: size('w').optional(),
		h: size('h').optional(),
		q: z.coerce
			.number({ error: 'q must be a number' })
			.refine((value) => (QUALITY_STEPS as readonly number[]).includes(value), `q must be one of ${QUALITY_STEPS.join(', ')}`)
			.default(1),
		output: z.enum(OUTPUTS, { error: `output must be one of ${OUTPUTS.join(', ')}` }).default('webp'),
		fit: z.enum(FITS, { error: `fit must be one of ${FITS.join(', ')}` }).default('cover'),
		blur: number('blur', 1, 100).int('blur must be a whole number').optional(),
		brightness: tenths('brightness', 0, 5).optional(),
		contrast: tenths('contrast', 0, 5).optional(),
		saturation: tenths('saturation', 0, 5).optional(),
		sharpen: tenths('sharpen', 0.1, 10).optional(),
		rotation: number('rotation', -360, 360).int('rotation must be whole degrees').optional(),
		background: z
			.string()
			.regex(/^(#?[0-9a-fA-F]{6}|#?[0-9a-fA-F]{3}|transparent)$/, 'background must be a hex colour like ff8800 or "transparent"')
			.optional(),
		crop: z
			.string()
			.regex(/^\d{1,5},\d{1,5},\d{1,5},\d{1,5}$/, 'crop must be x,y,width,height in pixels')
			.optional()
			.transform((value, ctx) => {
				if (!value) return undefined
				const [left, top, width, height] = value.split(',').map(Number) as [number, number, number, number]
				if (width < 1 || height < 1) {
					ctx.addIssue({ code: 'custom', message: 'crop width and height must be at least 1' })
					return z.NEVER
				}
				return { left, top, width, height }
			}),
	})
	// Blurring a full-size image is the costliest render there is: only after a resize.
	.refine((t) => t.blur === undefined || t.w !== undefined || t.h !== undefined, {
		message: 'blur needs w or h (blur a resized image)',
		path: ['blur'],
	})

export type Transform = z.infer<typeof TransformSchema>

/** A stable string of the parameters that change the output (for cache keys and ETags). */
export function transformKey(t: Transform): string {
	return JSON.stringify([
		t.w,
		t.h,
		t.q,
		t.output === 'jpg' ? 'jpeg' : t.output,
		t.fit,
		t.blur,
		t.brightness,
		t.contrast,
		t.saturation,
		t.sharpen,
		t.rotation,
		t.background,
		t.crop,
	])
}

export const CONTENT_TYPES = { webp: 'image/webp', jpeg: 'image/jpeg', jpg: 'image/jpeg', png: 'image/png', avif: 'image/avif' } as const

function backgroundColour(value: string | undefined) {
	if (!value || value === 'transparent') return { r: 0, g: 0, b: 0, alpha: 0 }
	const hex = value.replace('#', '')
	const full = hex.length === 3 ? hex.replace(/./g, (c) => c + c) : hex
	return { r: parseInt(full.slice(0, 2), 16), g: parseInt(full.slice(2, 4), 16), b: parseInt(full.slice(4, 6), 16), alpha: 1 }
}

export class TransformError extends Error {}

/** Applies the parameters to an image (any format sharp reads, SVG included). */
export async function applyTransform(input: Buffer, t: Transform, options: { density?: number } = {}): Promise<Buffer> {
	let image = sharp(input, { density: options.density, limitInputPixels: 40_000_000, failOn: 'error' })
	const meta = await image.metadata().catch(() => {
		throw new TransformError('The source is not an image')
	})
	if (t.crop) {
		const { left, top, width, height } = t.crop
		if (!meta.width || !meta.height || left + width > meta.width || top + height > meta.height) {
			throw new TransformError(`crop must lie inside the ${meta.width ?? 0}x${meta.height ?? 0} source image`)
		}
		image = image.extract(t.crop)
	}
	const background = backgroundColour(t.background)
	if (t.rotation) image = image.rotate(t.rotation, { background })
	if (t.w || t.h) image = image.resize({ width: t.w, height: t.h, fit: t.fit, background, withoutEnlargement: false })
	if (t.brightness !== undefined || t.saturation !== undefined)
		image = image.modulate({ brightness: t.brightness ?? 1, saturation: t.saturation ?? 1 })
	if (t.contrast !== undefined) image = image.linear(t.contrast, 128 * (1 - t.contrast))
	if (t.blur) image = image.blur(t.blur)
	if (t.sharpen) image = image.sharpen({ sigma: t.sharpen })
	if (t.background && t.background !== 'transparent' && (t.output === 'jpeg' || t.output === 'jpg')) image = image.flatten({ background })
	switch (t.output) {
		case 'jpeg':
		case 'jpg':
			return image.jpeg({ quality: Math.max(1, Math.round(BASE_QUALITY.jpeg * t.q)), mozjpeg: true }).toBuffer()
		case 'png':
			return t.q < 1 ? image.png({ palette: true, colours: Math.max(2, Math.round(256 * t.q)) }).toBuffer() : image.png().toBuffer()
		case 'avif':
			return image.avif({ quality: Math.max(1, Math.round(BASE_QUALITY.avif * t.q)), effort: 2 }).toBuffer()
		default:
			return image.webp({ quality: Math.max(1, Math.round(BASE_QUALITY.webp * t.q)) }).toBuffer()
	}
}
