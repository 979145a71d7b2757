import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'

// The owner's promo configuration (product.md §3 "Info box / banner", "Ad" and "Info
// modal item"), as read from DATA_DIR/info-banner.json, DATA_DIR/ads.json and
// DATA_DIR/modalData.json. Only the server imports this module (zod stays out
// of the browser bundle); the browser gets parsed values through the home
// loader and the /ads.json and /modalData.json endpoints.

/** A date (2026-05-01, the whole day in UTC) or a full ISO timestamp. */
export const dateOrDateTime = lazyObject(() => z.union([z.iso.date(), z.iso.datetime({ offset: true })]))

/** Absolute https URL, or a root-relative path served by this site (never javascript:, data: or //host). */
export const imageUrl = lazyObject(() =>
	z.string().refine((value) => /^https:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
		message: 'must be an https:// URL or a path starting with /',
	}),
)
export const linkUrl = lazyObject(() =>
	z.string().refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
		message: 'must be an http(s):// URL or a path starting with /',
	}),
)

export const infoBannerSchema = lazyObject(() =>
	z.object({
		id: z.string().trim().min(1).max(100),
		title: z.string().trim().min(1).max(200),
		content: z.string().trim().max(2000).default(''),
		type: z.enum(['info', 'warning', 'success', 'error']).default('info'),
		dismissible: z.boolean().default(true),
		expiresAt: dateOrDateTime.optional(),
	}),
)

export const adSchema = lazyObject(() =>
	z.object({
		id: z.string().trim().min(1).max(100),
		gifUrl: imageUrl,
		link: linkUrl,
		startDate: dateOrDateTime.optional(),
		endDate: dateOrDateTime.optional(),
		/** Weight of the random choice (product.md: "priority (weight, default 1)"). */
		priority: z.number().nonnegative().max(1_000_000).default(1),
		/** Extensions for accessibility and layout stability: alt text and intrinsic size. */
		alt: z.string().trim().min(1).max(300).default('Advertisement'),
		width: z.number().int().positive().max(4000).default(728),
		height: z.number().int().positive().max(4000).default(90),
	}),
)

/** ads.json is a list, or `{ "ads": [...] }`; an empty list means no ads. Read entry by entry (entries.ts). */
export const adsFileSchema = lazyObject(() =>
	z.union([z.array(adSchema).max(500), z.object({ ads: z.array(adSchema).max(500) }).transform((file) => file.ads)]),
)

/** A CSS colour: #rgb, #rrggbb(aa), a colour name, or rgb()/hsl() with numbers only (no url(), no ;). */
const cssColor = lazyObject(() =>
	z
		.string()
		.trim()
		.max(60)
		.regex(
			/^(#[0-9a-f]{3,8}|[a-z]{3,30}|(rgb|hsl)a?\([0-9.,%/\s]+\)|oklch\([0-9.,%/\s]+\))$/i,
			'must be a CSS colour (#1e293b, navy, rgb(…), hsl(…))',
		),
)

/**
 * One info modal (product.md §3 "Info modal item": id, title, content, html, image,
 * bgImage, bgColor, repeat, startsAt, expiresAt, priority). `content` is text
 * (blank lines start paragraphs); with `html: true` it is the owner's markup,
 * shown through an allow-list of tags (app/components/info-modals/modal-html.tsx).
 */
export const infoModalSchema = lazyObject(() =>
	z.object({
		id: z.string().trim().min(1).max(100),
		title: z.string().trim().min(1).max(200),
		content: z.string().trim().max(10_000).default(''),
		html: z.boolean().default(false),
		/** A picture above the text. */
		image: imageUrl.optional(),
		/** A picture behind the whole modal (text stays on a readable panel). */
		bgImage: imageUrl.optional(),
		bgColor: cssColor.optional(),
		/** never: once dismissed, never again; weekly / monthly: again 7 / 30 days after the dismissal (product.md §4, §9). */
		repeat: z.enum(['never', 'weekly', 'monthly']).default('never'),
		startsAt: dateOrDateTime.optional(),
		expiresAt: dateOrDateTime.optional(),
		/** Higher shows first (product.md §4: "sorted by priority descending"). */
		priority: z.number().min(-1_000_000).max(1_000_000).default(0),
	}),
)

/** info-banner.json is one banner, or null for none. */
export const infoBannerFileSchema = lazyObject(() => infoBannerSchema.nullable())

/** The test-only override (a cookie, see server/promo/promo.server.ts) carries both at once. */
export const promoOverrideSchema = lazyObject(() =>
	z.object({
		banner: infoBannerSchema.nullable().default(null),
		ads: z.array(adSchema).max(20).default([]),
	}),
)

export type InfoBanner = z.output<typeof infoBannerSchema>
export type InfoModal = z.output<typeof infoModalSchema>
export type Ad = z.output<typeof adSchema>
