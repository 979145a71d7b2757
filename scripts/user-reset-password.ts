// npm run user:reset-password -- <username> [--password-stdin]
// Gives a user a new password (generated and printed once, or read from
// standard input with --password-stdin) and signs them out on every device.
// Uses the configured database (DATABASE_URL, else DATA_DIR's SQLite).
import { resetPassword } from '../server/account/reset-password.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '../server/db/db.server.ts'

const args = process.argv.slice(2)
const username = args.find((arg) => !arg.startsWith('--'))
if (!username) {
	console.error('Usage: npm run user:reset-password -- <username> [--password-stdin]')
	process.exit(2)
}
let password: string | undefined
if (args.includes('--password-stdin')) {
	const chunks: Buffer[] = []
	for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
	password = Buffer.concat(chunks)
		.toString('utf8')
		.replace(/\r?\n$/, '')
	if (password.length < 8 || password.length > 1024) {
		console.error('The password must be 8 to 1024 characters')
		process.exit(2)
	}
}

const database = getDatabase()
await migrateToLatest(database)
const result = await resetPassword(database, username, password)
await closeDatabase()
if (!result) {
	console.error(`No user named ${username}`)
	process.exit(1)
}
console.log(`${result.username}: password reset, signed out of ${result.signedOut} ${result.signedOut === 1 ? 'session' : 'sessions'}`)
if (!password) console.log(`new password: ${result.password}`)
