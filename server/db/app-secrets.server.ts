import crypto from 'node:crypto'
import type { DatabaseHandle } from './db.server.ts'

// Secrets the server generates once and keeps in the database (app_secrets),
// so every process and every app server sharing the database uses the same one.

/** The named secret, generated on first use. Two processes racing both end with the winner's value. */
export async function loadAppSecret(handle: DatabaseHandle, name: string): Promise<string> {
	const { db } = handle
	const fresh = crypto.randomBytes(32).toString('base64url')
	await db
		.insertInto('app_secrets')
		.values({ name, value: fresh, created_at: Date.now() })
		.onConflict((oc) => oc.column('name').doNothing())
		.execute()
	const row = await db.selectFrom('app_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow()
	return row.value
}
