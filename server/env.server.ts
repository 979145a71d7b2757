import { z } from 'zod'

// Every setting comes from the environment and is checked once at boot, so a
// typo fails loudly at start instead of quietly at the first request.
const optionalString = z
	.string()
	.trim()
	.transform((value) => (value === '' ? undefined : value))
	.optional()

const EnvSchema = z.object({
	NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().default('0.0.0.0'),
	WEB_CONCURRENCY: z.coerce.number().int().min(1).max(256).optional(),
	DATA_DIR: z.string().default('./data'),
	DATABASE_URL: optionalString.pipe(
		z.string().regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres:// or postgresql://').optional(),
	),
	REDIS_URL: optionalString.pipe(
		z.string().regex(/^rediss?:\/\//, 'REDIS_URL must start with redis:// or rediss://').optional(),
	),
	CANONICAL_HOST: optionalString,
	TRUST_PROXY: z
		.enum(['true', 'false', '1', '0'])
		.default('false')
		.transform((v) => v === 'true' || v === '1'),
	BODY_LIMIT: z.string().default('1mb'),
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
	CONTACT_EMAIL: z.string().default('contact@willow.invalid'),
	COMMUNITY_CHAT_URL: z.string().url().default('https://discord.com/'),
	COMMUNITY_CHANNEL_URL: z.string().url().default('https://telegram.org/'),
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
