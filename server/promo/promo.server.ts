import fs from 'node:fs'
import path from 'node:path'
import type { z } from 'zod'
import { activeAds, isBannerVisible, pickAds, seededRandom } from '#app/lib/promo/choice.ts'
import { adsFileSchema, infoBannerFileSchema, promoOverrideSchema, type Ad, type InfoBanner } from '#app/lib/promo/schema.ts'
import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.server.ts'
import { PROMO_OVERRIDE_COOKIE, testCookie } from '#server/testing/test-switches.server.ts'

// The owner configures the home page's info banner and ads with two JSON
// files in DATA_DIR (docs/decisions/0007-home-promo-config.md). A missing file
// means none. Files are re-checked at most every few seconds (by mtime), so an
// edit shows without a restart; an invalid file is logged and treated as none,
// so a typo never breaks the home page.

export const ADS_FILE = 'ads.json'
export const INFO_BANNER_FILE = 'info-banner.json'
const RECHECK_MS = 5_000
/** More than two so the browser can still fill both slots after today's dismissals. */
const MAX_ADS_SENT = 12
/**
 * The weighted draw changes every 5 minutes rather than per request: the home
 * page's HTML is cached by its loader data (docs/decisions/0006), and a
 * per-request seed would make every render unique. Over a day the windows
 * still share out the slots by weight.
 */
export const AD_ROTATION_MS = 5 * 60_000

interface CachedFile<T> {
	file: string
	checkedAt: number
	mtimeMs: number
	value: T
}

const files = new Map<string, CachedFile<unknown>>()

/** Reads and validates one config file, re-reading only when its mtime changes. Sync: the files are tiny and cached. */
function readConfigFile<T>(name: string, schema: z.ZodType<T>, empty: T, now: number): T {
	const file = path.resolve(getEnv().DATA_DIR, name)
	const cached = files.get(name) as CachedFile<T> | undefined
	if (cached && cached.file === file && now - cached.checkedAt < RECHECK_MS) return cached.value
	let mtimeMs = -1
	try {
		mtimeMs = fs.statSync(file).mtimeMs
	} catch {
		// No file: the owner configured nothing.
	}
	if (cached && cached.file === file && cached.mtimeMs === mtimeMs) {
		cached.checkedAt = now
		return cached.value
	}
	let value = empty
	if (mtimeMs >= 0) {
		try {
			const result = schema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')))
			if (result.success) value = result.data
			else logger.warn({ file, issues: result.error.issues.slice(0, 5) }, 'invalid promo configuration ignored')
		} catch (error) {
			logger.warn({ err: error, file }, 'unreadable promo configuration ignored')
		}
	}
	files.set(name, { file, checkedAt: now, mtimeMs, value })
	return value
}

export interface PromoConfig {
	banner: InfoBanner | null
	ads: Ad[]
}

/** The owner's configuration as written (not yet filtered by date). */
export function readPromoConfig(now = Date.now()): PromoConfig {
	return {
		banner: readConfigFile(INFO_BANNER_FILE, infoBannerFileSchema, null, now),
		ads: readConfigFile(ADS_FILE, adsFileSchema, [], now),
	}
}

/** Forgets cached files (tests point DATA_DIR elsewhere between cases). */
export function resetPromoCacheForTests() {
	files.clear()
}

function overrideFrom(request: Request): PromoConfig | undefined {
	const raw = testCookie(request, PROMO_OVERRIDE_COOKIE)
	if (!raw) return undefined
	try {
		const result = promoOverrideSchema.safeParse(JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')))
		return result.success ? result.data : undefined
	} catch {
		return undefined
	}
}

export interface HomePromo {
	banner: InfoBanner | null
	/** Ads running now; the browser draws the two slots from them (minus today's dismissals). */
	ads: Ad[]
	/** Seed of the weighted draw (one per rotation window), so the server render and the browser agree. */
	seed: number
}

/** What the home page's promo slots need: a banner not yet expired and the ads running now. */
export function getHomePromo(request: Request, now = Date.now()): HomePromo {
	const config = overrideFrom(request) ?? readPromoConfig(now)
	const banner = config.banner && isBannerVisible(config.banner, now, undefined) ? config.banner : null
	const running = activeAds(config.ads, now)
	if (running.length === 0) return { banner, ads: [], seed: 0 }
	const seed = Math.floor(now / AD_ROTATION_MS) >>> 0
	// A weighted pre-draw keeps the page small when the owner lists many ads.
	const ads = running.length > MAX_ADS_SENT ? pickAds(running, MAX_ADS_SENT, seededRandom(~seed)) : running
	return { banner, ads, seed }
}

/** Origins of configured ad images, for the Content-Security-Policy's img-src. */
export function promoImageOrigins(now = Date.now()): string[] {
	const origins = new Set<string>()
	for (const ad of readPromoConfig(now).ads) {
		if (ad.gifUrl.startsWith('https://')) origins.add(new URL(ad.gifUrl).origin)
	}
	return [...origins]
}
