import { getEnv } from '#server/env.server.ts'

// Test-only switches carried by cookies, so one browser context of the e2e
// suite can change what it sees without touching the shared server or the
// tests running beside it. Every switch is inert unless ENABLE_TEST_ROUTES is on.

export const CATALOG_FAULT_COOKIE = 'willow-test-fault'
export const PROMO_OVERRIDE_COOKIE = 'willow-test-promo'
/** An owner add-on's manifest URL (on 127.0.0.1) that this browser context's lookups also ask. */
export const OWNER_ADDON_COOKIE = 'willow-test-owner-addon'

function readCookie(header: string | null, name: string): string | undefined {
	if (!header) return undefined
	for (const part of header.split(';')) {
		const index = part.indexOf('=')
		if (index === -1) continue
		if (part.slice(0, index).trim() === name) return part.slice(index + 1).trim()
	}
	return undefined
}

/** Whether the test-only pages (/__error-test, /__playback-sync-test) answer; they are 404 otherwise. */
export function testRoutesEnabled(): boolean {
	return getEnv().ENABLE_TEST_ROUTES
}

/** The value of a test cookie, or undefined when test switches are off. */
export function testCookie(request: Request, name: string): string | undefined {
	if (!testRoutesEnabled()) return undefined
	return readCookie(request.headers.get('cookie'), name)
}

/** The value of a test cookie in a raw Cookie header (Express requests), or undefined when test switches are off. */
export function testCookieOfHeader(header: string | undefined, name: string): string | undefined {
	if (!testRoutesEnabled()) return undefined
	return readCookie(header ?? null, name)
}

/** Whether this request asks for the catalogue to fail (the home page's "Something went wrong." view). */
export function catalogFaultRequested(request: Request): boolean {
	return testCookie(request, CATALOG_FAULT_COOKIE) === 'catalog'
}
