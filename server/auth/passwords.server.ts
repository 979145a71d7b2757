import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's minimum parameters (19 MiB, 2 passes, 1 lane).
const ARGON2ID = 2
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

export function hashPassword(password: string): Promise<string> {
	return hash(password, OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}

let dummyHash: Promise<string> | undefined

/** Spends the same time as a real check, so an unknown user answers as slowly as a wrong password. */
export async function verifyAgainstDummy(password: string) {
	dummyHash ??= hashPassword('not the password of anyone at all')
	await verifyPassword(await dummyHash, password)
	return false
}
