import { execFileSync } from 'node:child_process'

// Drops the run's PostgreSQL database (playwright.pg.config.ts made it); FORCE ends the app servers' connections.
export default function dropDatabase() {
	const name = process.env.E2E_PG_DATABASE
	if (!name) return
	const adminUrl = process.env.TEST_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres'
	execFileSync('psql', [adminUrl, '-qc', `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`])
}
