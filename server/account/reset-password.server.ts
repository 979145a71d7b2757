import crypto from 'node:crypto'
import { hashPassword } from '../auth/passwords.server.ts'
import { clearAttempts } from '../auth/throttle.server.ts'
import type { DatabaseHandle } from '../db/db.server.ts'

// The owner's way back into an account (there is no e-mail): a new password
// for a user, every session of theirs ended. `npm run user:reset-password`.

/** A password to hand over once: 18 random bytes, URL-safe (24 characters). */
export function generatePassword(): string {
	return crypto.randomBytes(18).toString('base64url')
}

/** Sets the user's password and signs them out everywhere; undefined when there is no such user. */
export async function resetPassword(
	handle: DatabaseHandle,
	username: string,
	password: string = generatePassword(),
): Promise<{ username: string; password: string; signedOut: number } | undefined> {
	const { db } = handle
	const user = await db
		.selectFrom('users')
		.select(['id', 'username'])
		.where('username_lower', '=', username.normalize('NFKC').trim().toLowerCase())
		.executeTakeFirst()
	if (!user) return undefined
	await db
		.updateTable('users')
		.set({ password_hash: await hashPassword(password), updated_at: Date.now() })
		.where('id', '=', user.id)
		.execute()
	const ended = await db.deleteFrom('sessions').where('user_id', '=', user.id).executeTakeFirst()
	await clearAttempts(`account:${user.username.toLowerCase()}`)
	return { username: user.username, password, signedOut: Number(ended.numDeletedRows) }
}
