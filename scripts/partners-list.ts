// npm run partners:list [-- --limit 50] [--since 2026-11-01] [--json]
// Prints the partner submissions sent from /partners/submit, newest first
// (DATABASE_URL, else DATA_DIR's SQLite).
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { listPartnerSubmissions } from '../server/partners/submissions.server.ts'

const args = process.argv.slice(2)
const value = (name: string) => {
	const index = args.indexOf(`--${name}`)
	return index >= 0 ? args[index + 1] : undefined
}
const limit = value('limit') === undefined ? 50 : Number(value('limit'))
const since = value('since')
if (
	!Number.isInteger(limit) ||
	limit <= 0 ||
	(since !== undefined && Number.isNaN(Date.parse(since))) ||
	args.some((arg) => arg.startsWith('--') && !['--limit', '--since', '--json'].includes(arg))
) {
	console.error('Usage: npm run partners:list -- [--limit <n>] [--since YYYY-MM-DD] [--json]')
	process.exit(2)
}
await migrateToLatest(getDatabase())
try {
	const submissions = await listPartnerSubmissions({ limit, since: since ? Date.parse(since) : undefined })
	if (args.includes('--json')) {
		console.log(
			JSON.stringify(
				submissions.map((s) => ({ ...s, createdAt: new Date(s.createdAt).toISOString() })),
				null,
				2,
			),
		)
	} else if (submissions.length === 0) {
		console.log('no partner submissions')
	} else {
		for (const s of submissions) {
			console.log(`${new Date(s.createdAt).toISOString()}  ${s.name}  <${s.email}>  ${s.siteUrl}`)
			for (const line of s.message.split('\n')) console.log(`    ${line}`)
			console.log('')
		}
		console.log(
			`${submissions.length} submission${submissions.length === 1 ? '' : 's'}${submissions.length === limit ? ` (the newest ${limit}; --limit for more)` : ''}`,
		)
	}
} catch (error) {
	console.error((error as Error).message)
	process.exitCode = 1
}
await closeDatabase()
