import { activeAds, isBannerVisible, pickAds, seededRandom } from '#app/lib/promo/choice.ts'
import {
	adSchema,
	infoBannerFileSchema,
	infoModalSchema,
	promoOverrideSchema,
	type Ad,
	type InfoBanner,
	type InfoModal,
} from '#app/lib/promo/schema.ts'
import { PROMO_OVERRIDE_COOKIE, testCookie } from '#server/testing/test-switches.server.ts'
import { entriesOf, readOwnerFile, wholeOf } from './owner-files.server.ts'

// The owner configures the home page's info banner and ads, and the info
// modals, with JSON files in DATA_DIR (docs/decisions/0007-home-promo-config.md,
// 0032-owner-lists-entry-by-entry.md). A missing file means none. Files are
// re-checked at most every few seconds (by mtime), so an edit shows without a
// restart. Lists are validated entry by entry: a bad entry is logged and
// skipped, the others are used; a bad banner file is logged and means none.

export const ADS_FILE = 'ads.json'
export const INFO_BANNER_FILE = 'info-banner.json'
export const INFO_MODALS_FILE = 'modalData.json'
/** More than two so the browser can still fill both slots after today's dismissals. */
const MAX_ADS_SENT = 12
/**
 * The weighted draw changes every 5 minutes rather than per request: the home
 * page's HTML is cached by its loader data (docs/decisions/0006), and a
 * per-request seed would make every render unique. Over a day the windows
 * still share out the slots by weight.
 */
export const AD_ROTATION_MS = 5 * 60_000

const parseAds = entriesOf(adSchema, { listKey: 'ads', unique: (ad) => ad.id })
const parseModals = entriesOf(infoModalSchema, { listKey: 'modals', unique: (modal) => modal.id })
const parseBanner = wholeOf(infoBannerFileSchema, null)

export interface PromoConfig {
	banner: InfoBanner | null
	ads: Ad[]
}

/** The owner's configuration as written (not yet filtered by date). */
export function readPromoConfig(now = Date.now()): PromoConfig {
	return {
		banner: readOwnerFile(INFO_BANNER_FILE, parseBanner, null, now),
		ads: readConfigAds(now),
	}
}

/** Every valid ad of ads.json (not filtered by date), as `GET /ads.json` answers. */
export function readConfigAds(now = Date.now()): Ad[] {
	return readOwnerFile(ADS_FILE, parseAds, [], now)
}

/** Every valid info modal of modalData.json (not filtered by date: the browser applies the queue rules), as `GET /modalData.json` answers. */
export function readInfoModals(now = Date.now()): InfoModal[] {
	return readOwnerFile(INFO_MODALS_FILE, parseModals, [], now)
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

/** Origins of configured ad and info-modal images, for the Content-Security-Policy's img-src. */
export function promoImageOrigins(now = Date.now()): string[] {
	const urls = [...readConfigAds(now).map((ad) => ad.gifUrl), ...readInfoModals(now).flatMap((modal) => [modal.image, modal.bgImage])]
	const origins = new Set<string>()
	for (const url of urls) {
		if (url?.startsWith('https://')) origins.add(new URL(url).origin)
	}
	return [...origins]
}
