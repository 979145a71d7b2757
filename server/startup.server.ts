import { seedDemoCatalogue } from './catalog/catalog.server.ts'
import type { DatabaseHandle } from './db/db.server.ts'

type StartupTask = (database: DatabaseHandle) => Promise<void>

// Work that must happen once per start, after migrations and before serving
// (loading the embedded demo catalogue, for instance). Features add theirs here.
const tasks: Array<[name: string, task: StartupTask]> = [['demo catalogue', seedDemoCatalogue]]

export async function runStartupTasks(database: DatabaseHandle) {
	for (const [, task] of tasks) await task(database)
}
