// The user row as sign-up, login and /api/users/me read it, and the shape the API shows.

export interface UserRow {
	id: string
	username: string
	email: string
	name: string
	is_donator: number
	four_k_token: string | null
}

export const USER_COLUMNS = ['id', 'username', 'email', 'name', 'is_donator', 'four_k_token'] as const

/** The user as the API shows it (product.md §3). Never the password hash. */
export function publicUser(row: UserRow) {
	return {
		id: row.id,
		username: row.username,
		email: row.email,
		name: row.name,
		isDonator: row.is_donator === 1,
		'4k_token': row.four_k_token,
	}
}
