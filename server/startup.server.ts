import type { DatabaseHandle } from './db/db.server.ts'

type StartupTask = (database: DatabaseHandle) => Promise<void>

// Work that must happen once per start, after migrations and before serving
// (loading the embedded demo catalogue, for instance). Features add theirs here.
const tasks: Array<[name: string, task: StartupTask]> = []

export async function runStartupTasks(database: DatabaseHandle) {
	for (const [, task] of tasks) await task(database)
}
