// The exact texts of product.md §5 and §8 for the login and sign-up forms, and their checks.

/** An identifier that looks like an e-mail address (login sends it as `email`, product.md §5). */
export function isEmailLike(value: string) {
	return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)
}

export const LOGIN_TEXT = {
	identifierHint: 'Please enter a valid email or username',
	passwordHint: 'Password must be at least 8 characters',
	forced: 'Please enter a valid email or username and password (8+ characters)',
	failed: 'Oi! Login failed. Double-check yer details and give it another shot, will you?',
	locked: 'Ye’ve tried and failed too many times... try again in 15 minutes.',
	riddles: "The server be speakin' in riddles. Try again, or consult the ship's engineer.",
	fallback: 'Authentication failed',
} as const

export const SIGNUP_TEXT = {
	usernameHint: 'Username must be at least 3 characters',
	emailHint: 'Please enter a valid email address',
	passwordHint: 'Password must be at least 8 characters',
	forced: 'Please fix the errors in the form before submitting before ye set sail!',
	riddles: "The server be speakin' in riddles. Try again, or consult the ship's engineer.",
	rejected: 'Arrr! Registration failed',
	sank: 'Oi! the ship carrying your registration sank, you wanna try that again?',
} as const

/** product.md §5: an email if it matches a basic pattern, else a username of at least 3 characters. */
export function isValidIdentifier(value: string) {
	const trimmed = value.trim()
	return isEmailLike(trimmed) || (!trimmed.includes('@') && trimmed.length >= 3)
}

export function signupHints(values: { username: string; email: string; password: string }) {
	return {
		username: values.username.trim().length >= 3 ? null : SIGNUP_TEXT.usernameHint,
		email: isEmailLike(values.email.trim()) ? null : SIGNUP_TEXT.emailHint,
		password: values.password.length >= 8 ? null : SIGNUP_TEXT.passwordHint,
	}
}
