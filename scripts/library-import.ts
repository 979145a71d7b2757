// npm run library:import -- --user <username> <file> [<file> ...] [--verbose]
// Imports a Trakt JSON export or Letterboxd CSV export files into a user's
// account library (configured database: DATABASE_URL, else DATA_DIR's SQLite):
// rows matched to the catalogue are added, nothing already there is replaced.
// The user's devices get the additions on their next sync.
import fs from 'node:fs'
import path from 'node:path'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'
import { ImportFormatError } from '../server/library-import/formats.ts'
import { importIntoAccount, TooManyRowsError } from '../server/library-import/import.server.ts'

const args = process.argv.slice(2)
const userIndex = args.indexOf('--user')
const username = userIndex >= 0 ? args[userIndex + 1] : undefined
const verbose = args.includes('--verbose')
const files = args.filter((arg, i) => !arg.startsWith('--') && i !== userIndex + 1)
if (!username || files.length === 0 || files.some((file) => !fs.existsSync(file))) {
	console.error('Usage: npm run library:import -- --user <username> <watchlist.csv|diary.csv|watched.csv|trakt.json> [...] [--verbose]')
	process.exit(2)
}

const database = getDatabase()
await migrateToLatest(database)
const user = await database.db
	.selectFrom('users')
	.select(['id', 'username'])
	.where('username_lower', '=', username.toLowerCase())
	.executeTakeFirst()
if (!user) {
	console.error(`No user named ${username}`)
	await closeDatabase()
	process.exit(1)
}
try {
	const result = await importIntoAccount(
		database,
		user.id,
		files.map((file) => ({ name: path.basename(file), text: fs.readFileSync(file, 'utf8') })),
	)
	console.log(
		`${user.username}: ${result.matched.length} rows matched, ${result.unmatched.length} not matched, ${result.plan.duplicates.length} already in the library`,
	)
	console.log(`added ${result.plan.bookmarks.length} bookmarks and ${Object.keys(result.plan.history).length} watched titles`)
	if (verbose) {
		for (const row of result.unmatched) console.log(`not matched: ${row.origin}: ${row.reason}`)
		for (const row of result.plan.duplicates) console.log(`duplicate: ${row.origin}: ${row.title} (${row.reason})`)
	}
} catch (error) {
	if (!(error instanceof ImportFormatError || error instanceof TooManyRowsError)) throw error
	console.error(error.message)
	process.exitCode = 1
}
await closeDatabase()
