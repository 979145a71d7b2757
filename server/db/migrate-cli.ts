// npm run db:migrate — applies every pending migration to the configured database.
import { closeDatabase, getDatabase, migrateToLatest } from './db.server.ts'

const results = await migrateToLatest(getDatabase())
for (const r of results) console.log(`${r.status === 'Success' ? 'applied' : r.status}: ${r.migrationName}`)
if (results.length === 0) console.log('Database is up to date.')
await closeDatabase()
