// The 4K token rule and texts (product.md §5, §8, §9), shared by the /4k wizard and
// the server's /api/fourk. Pure: no I/O, no zod (the wizard's first load stays small).

export const TOKEN_MIN_LENGTH = 50
/** Longer than any real bearer token; keeps headers and bodies small. */
export const TOKEN_MAX_LENGTH = 4096

export const FOURK_TEXT = {
	invalid: 'Invalid token, please check and try again.',
	checking: 'Checking',
	valid: 'Token is valid!',
	submitted: 'Token submitted successfully',
	submitFailed: 'Submission failed, please try again or report on discord, thanks.',
	complete: 'Setup Complete!',
} as const

/** product.md §5: at least 50 characters and contains "ey". */
export function isAcceptableToken(token: string): boolean {
	return token.length >= TOKEN_MIN_LENGTH && token.length <= TOKEN_MAX_LENGTH && token.includes('ey')
}

/**
 * A header value must be visible ASCII; anything else (a pasted line break, a
 * smart quote) could not be sent in the Ui-Token header at all.
 */
export function isHeaderSafe(token: string): boolean {
	return /^[\x21-\x7e]+$/.test(token)
}
