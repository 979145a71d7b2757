import { z } from 'zod'

// The owner's promo configuration (spec §3 "Info box / banner" and "Ad"), as
// read from DATA_DIR/info-banner.json and DATA_DIR/ads.json. Only the server
// imports this module (zod stays out of the browser bundle); the browser gets
// the parsed, already-filtered values through the home loader.

/** A date (2026-05-01, the whole day in UTC) or a full ISO timestamp. */
const dateOrDateTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })])

/** Absolute https URL, or a root-relative path served by this site (never javascript:, data: or //host). */
const imageUrl = z.string().refine((value) => /^https:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
	message: 'must be an https:// URL or a path starting with /',
})
const linkUrl = z.string().refine((value) => /^https?:\/\/[^\s]+$/i.test(value) || /^\/(?!\/)[^\s]*$/.test(value), {
	message: 'must be an http(s):// URL or a path starting with /',
})

export const infoBannerSchema = z.object({
	id: z.string().trim().min(1).max(100),
	title: z.string().trim().min(1).max(200),
	content: z.string().trim().max(2000).default(''),
	type: z.enum(['info', 'warning', 'success', 'error']).default('info'),
	dismissible: z.boolean().default(true),
	expiresAt: dateOrDateTime.optional(),
})

export const adSchema = z.object({
	id: z.string().trim().min(1).max(100),
	gifUrl: imageUrl,
	link: linkUrl,
	startDate: dateOrDateTime.optional(),
	endDate: dateOrDateTime.optional(),
	/** Weight of the random choice (spec: "priority (weight, default 1)"). */
	priority: z.number().nonnegative().max(1_000_000).default(1),
	/** Extensions for accessibility and layout stability: alt text and intrinsic size. */
	alt: z.string().trim().min(1).max(300).default('Advertisement'),
	width: z.number().int().positive().max(4000).default(728),
	height: z.number().int().positive().max(4000).default(90),
})

/** ads.json is a list, or `{ "ads": [...] }`; an empty list means no ads. */
export const adsFileSchema = z.union([z.array(adSchema).max(500), z.object({ ads: z.array(adSchema).max(500) }).transform((file) => file.ads)])

/** info-banner.json is one banner, or null for none. */
export const infoBannerFileSchema = infoBannerSchema.nullable()

/** The test-only override (a cookie, see server/promo/promo.server.ts) carries both at once. */
export const promoOverrideSchema = z.object({
	banner: infoBannerSchema.nullable().default(null),
	ads: z.array(adSchema).max(20).default([]),
})

export type InfoBanner = z.output<typeof infoBannerSchema>
export type Ad = z.output<typeof adSchema>
