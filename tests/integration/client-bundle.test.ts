import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

// Reads the production client build (scripts/test.sh builds before the tests).
const assetsDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build', 'client', 'assets')

describe('the browser bundle', () => {
	const files = fs.existsSync(assetsDir) ? fs.readdirSync(assetsDir).filter((f) => f.endsWith('.js')) : []

	it('exists', () => {
		expect(files.length).toBeGreaterThan(0)
	})

	it('carries no server configuration, credentials or server-only code', () => {
		const forbidden = ['TMDB_API_KEY', 'TMDB_READ_TOKEN', 'DATABASE_URL', 'REDIS_URL', 'password_hash', 'better-sqlite3', 'ioredis', 'argon2', 'four_k_token']
		for (const file of files) {
			const text = fs.readFileSync(path.join(assetsDir, file), 'utf8')
			for (const word of forbidden) expect(text.includes(word), `${word} found in ${file}`).toBe(false)
		}
	})
})
