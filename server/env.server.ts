import ipaddr from 'ipaddr.js'
import { z } from 'zod'

// Every setting comes from the environment and is checked once at boot, so a
// typo fails loudly at start instead of quietly at the first request.
/** loopback, linklocal, uniquelocal, an address, or a CIDR subnet (what Express's trust proxy takes). */
function isProxySubnet(part: string): boolean {
	if (part === 'loopback' || part === 'linklocal' || part === 'uniquelocal') return true
	if (ipaddr.isValid(part)) return true
	try {
		ipaddr.parseCIDR(part)
		return true
	} catch {
		return false
	}
}

const optionalString = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value))
	.optional()

export const EnvSchema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
	DATA_DIR: z.string().default('./data'),
	DATABASE_URL: optionalString.pipe(
		z
			.string()
			.regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://')
			.optional(),
	),
	REDIS_URL: optionalString.pipe(
		z
			.string()
			.regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://')
			.optional(),
	),
	CANONICAL_HOST: optionalString,
	// Express's meanings: true trusts every X-Forwarded-For hop (the start warns),
	// a number is how many proxies are in front, a list names the proxies' subnets.
	TRUST_PROXY: z
		.string()
		.default('false')
		.transform((value, context): boolean | number | string[] => {
			const text = value.trim()
			if (text === 'true') return true
			if (text === 'false' || text === '0' || text === '') return false
			if (/^\d{1,2}$/.test(text)) return Number(text)
			const list = text
				.split(',')
				.map((part) => part.trim())
				.filter(Boolean)
			if (list.length > 0 && list.every(isProxySubnet)) return list
			context.addIssue({
				code: 'custom',
				message: 'TRUST_PROXY must be true, false, a number of proxies, or proxy subnets separated by commas',
			})
			return z.NEVER
		}),
	BODY_LIMIT: z.string().default('1mb'),
	// How long a served anonymous page is given again to the same request (decision 0057); 0 turns it off.
	PAGE_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	TMDB_API_KEY: optionalString,
	TMDB_READ_TOKEN: optionalString,
	TMDB_API_BASE: z.string().url().default('https://api.themoviedb.org/3'),
	TMDB_IMAGE_BASE: z.string().url().default('https://image.tmdb.org/t/p'),
	// Owners who import their own catalogue can keep the demo titles out.
	CATALOG_DEMO: z
		.enum(['on', 'off', 'true', 'false', '1', '0'])
		.default('on')
		.transform((v) => v === 'on' || v === 'true' || v === '1'),
	ANALYTICS_ENDPOINT: optionalString,
	/**
	 * The stats page: `fixed` shows the spec's sample record (labelled as only for
	 * show), `live` this instance's own figures from its accounts' watch history.
	 */
	STATS_SOURCE: z.enum(['fixed', 'live']).default('fixed'),
	/** How long live stats are kept before they are summed again. */
	STATS_CACHE_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
	/** Donation addresses shown on /donate (a currency without one is not shown). */
	DONATE_BTC: optionalString.pipe(
		z
			.string()
			.regex(/^[A-Za-z0-9]{20,120}$/, 'DONATE_BTC must be a Bitcoin address')
			.optional(),
	),
	DONATE_LTC: optionalString.pipe(
		z
			.string()
			.regex(/^[A-Za-z0-9]{20,120}$/, 'DONATE_LTC must be a Litecoin address')
			.optional(),
	),
	DONATE_XMR: optionalString.pipe(
		z
			.string()
			.regex(/^[A-Za-z0-9]{20,120}$/, 'DONATE_XMR must be a Monero address')
			.optional(),
	),
	/** HLS segments, extracted subtitles and thumbnails under DATA_DIR together stay under this; least recently used first. */
	MEDIA_CACHE_MAX_BYTES: z.coerce
		.number()
		.int()
		.min(0)
		.default(5 * 1024 * 1024 * 1024),
	/** The image cache's bound on disk (DATA_DIR/image-cache), least recently used out first. */
	IMAGE_CACHE_MAX_BYTES: z.coerce
		.number()
		.int()
		.min(0)
		.default(1024 * 1024 * 1024),
	/** Image renders at once per process (default: one per CPU core); more wait, and past 64 waiting the answer is 503. */
	IMAGE_RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
	/** A session unused for this many days ends (besides the 30-day limit). */
	SESSION_IDLE_DAYS: z.coerce.number().min(1).max(30).default(7),
	/** A chat webhook (Discord-style) error reports are posted to; without one they are kept in the database. */
	ERROR_WEBHOOK_URL: optionalString.pipe(
		z
			.string()
			.url('ERROR_WEBHOOK_URL must be a URL')
			.regex(/^https?:\/\//, 'ERROR_WEBHOOK_URL must be http(s)')
			.optional(),
	),
	CONTACT_EMAIL: z.string().default('contact@willow.invalid'),
	COMMUNITY_CHAT_URL: z.string().url().default('https://discord.com/'),
	COMMUNITY_CHANNEL_URL: z.string().url().default('https://telegram.org/'),
	// Playback sources (server/sources/, decision 0010).
	/** Owner's media folders, separated by ':'. */
	MEDIA_DIR: optionalString,
	/** Who may stream the media folder: signed-in (default), everyone, or a comma-separated list of usernames. */
	MEDIA_ACCESS: z.string().trim().default('signed-in'),
	/** The owner's Stremio add-ons: manifest URLs separated by commas. */
	STREMIO_ADDONS: optionalString,
	/** Base URL of a 4K token service speaking Willow's protocol (docs in README). */
	FOURK_SERVICE_URL: optionalString.pipe(z.string().url().optional()),
	/** The title the 4K token test asks the service for (it must list a stream): movie:<TMDB id> or tv:<TMDB id>:<season>:<episode>. */
	FOURK_TEST_TITLE: z
		.string()
		.trim()
		.regex(/^(movie:\d{1,9}|tv:\d{1,9}:\d{1,4}:\d{1,5})$/, 'FOURK_TEST_TITLE must be movie:<id> or tv:<id>:<season>:<episode>')
		.default('movie:550'),
	/** Built-in sample clips for the demo catalogue. */
	SAMPLE_MEDIA: z
		.enum(['on', 'off', 'true', 'false', '1', '0'])
		.default('on')
		.transform((v) => v === 'on' || v === 'true' || v === '1'),
	/** HMAC secret for stream URLs; when unset one is generated once and kept in the database. */
	STREAM_SIGNING_SECRET: optionalString.pipe(z.string().min(32, 'STREAM_SIGNING_SECRET must be at least 32 characters').optional()),
	/** Stream lookups one client may start per minute. */
	SOURCE_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(60),
	/** Bytes of synced library (bookmarks, history, settings) one account may store; a sync over it is refused with 413. */
	SYNC_QUOTA_BYTES: z.coerce.number().int().min(65_536).max(2_147_483_647).default(33_554_432),
	/** Per-source lookup timeout. */
	SOURCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
	/** ffmpeg / ffprobe binaries; by default a system one on PATH, else the bundled @ffmpeg-installer one. */
	FFMPEG_PATH: optionalString,
	FFPROBE_PATH: optionalString,
	/** The search path, read to find a system ffmpeg. */
	PATH: z.string().default(''),
	/** How many transcodes (HEVC/MPEG-4 to H.264) may run at once. */
	TRANSCODE_CONCURRENCY: z.coerce.number().int().min(0).max(64).default(1),
	/** Folder of the production build (server.js and react-router.config.ts read the same variable); tests build elsewhere. */
	WILLOW_BUILD_DIR: optionalString.transform((value) => value ?? 'build'),
	/** A demo catalogue file to load instead of the embedded one (server/catalog/demo/catalogue.jsonl.gz). */
	WILLOW_DEMO_CATALOGUE: optionalString,
	/** Test-only switches (the /__error-test page, fault and promo cookies); never set in production. */
	ENABLE_TEST_ROUTES: z
		.enum(['true', 'false', '1', '0'])
		.default('false')
		.transform((v) => v === 'true' || v === '1'),
})

export type Env = z.infer<typeof EnvSchema>

let cached: Env | undefined

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
	const result = EnvSchema.safeParse(source)
	if (!result.success) {
		const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`)
		throw new Error(`Invalid environment configuration:\n${lines.join('\n')}\nSee .env.example for every variable.`)
	}
	return result.data
}

/** The validated environment (parsed on first use, then cached). */
export function getEnv(): Env {
	cached ??= parseEnv()
	return cached
}

/** Tests change the environment between cases; this forgets the cached copy. */
export function resetEnvForTests() {
	cached = undefined
}
