import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import baseConfig from './playwright.config.ts'

// The end-to-end subset that matters most for a multi-server install (tests tagged @pg: sign-up,
// sync between two browsers, play and resume), run against PostgreSQL and Redis with two app
// servers on one database, one worker each (WEB_CONCURRENCY=1), as README "Several app servers"
// describes. The second browser of each sync test talks to the second server (E2E_SECOND_ORIGIN).
// npm test runs it after the main suite: npx playwright test --config playwright.pg.config.ts
//
// The main configuration is imported for its browser settings; it sets E2E_PORT and E2E_DATA_DIR
// first, so both files agree on them. Workers load this file again and inherit the choices below
// through the environment, so the database is created once, by the first process.

const port = Number(process.env.E2E_PORT)
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `willow-e2e-pg-${process.pid}`)
const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
if (!process.env.E2E_PG_DATABASE) {
	process.env.E2E_PG_DATABASE = `willow_e2e_${process.pid}_${Date.now().toString(36)}`
	execFileSync('psql', [adminUrl, '-qc', `CREATE DATABASE ${process.env.E2E_PG_DATABASE}`])
}
// One of Redis's numbered databases per run (the app's keys have a fixed prefix): parallel runs rarely share one.
process.env.E2E_REDIS_DB ??= String(1 + Math.floor(Math.random() * 15))
export const PG_DATABASE_URL = adminUrl.replace(/\/[^/]*$/, `/${process.env.E2E_PG_DATABASE}`)
const redisUrl = `${process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379'}/${process.env.E2E_REDIS_DB}`
// The main suite's ports (E2E_PORT and the next): npm test runs this after it, never beside it.
const [first, second] = [`http://127.0.0.1:${port}`, `http://127.0.0.1:${port + 1}`]
process.env.E2E_SECOND_ORIGIN = second

const serverEnv = {
	NODE_ENV: 'production',
	WILLOW_BUILD_DIR: process.env.WILLOW_BUILD_DIR ?? 'build',
	WEB_CONCURRENCY: '1',
	LOG_LEVEL: 'warn',
	HOST: '127.0.0.1',
	TMDB_API_KEY: '',
	TMDB_READ_TOKEN: '',
	DATABASE_URL: PG_DATABASE_URL,
	REDIS_URL: redisUrl,
	ENABLE_TEST_ROUTES: 'true',
	SOURCE_LOOKUPS_PER_MINUTE: '100000',
}

export default defineConfig({
	...baseConfig,
	testMatch: ['**/accounts.spec.ts', '**/player.spec.ts', '**/owner-sources.spec.ts'],
	grep: /@pg\b/,
	// Cold app servers on a shared machine: the first page of each asks PostgreSQL and Redis for everything.
	timeout: 60_000,
	globalTeardown: './tests/e2e/pg-teardown.ts',
	use: { ...baseConfig.use, baseURL: first },
	projects: [{ name: 'pg-redis', use: { viewport: { width: 1280, height: 800 } } }],
	// Started one after the other: the first migrates the empty database and loads the demo catalogue.
	webServer: [first, second].map((origin, index) => ({
		command: 'node server.js',
		url: `${origin}/readyz`,
		reuseExistingServer: false,
		timeout: 120_000,
		env: { ...serverEnv, PORT: new URL(origin).port, DATA_DIR: `${dataDir}-pg-${index}` },
	})),
})
