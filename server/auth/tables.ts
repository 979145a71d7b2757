// Tables owned by auth: sign-in sessions and the login throttle (added in migration 0003). Users are core (server/db/schema.ts).

export interface SessionsTable {
	/** SHA-256 of the cookie secret: a leaked table does not leak sessions. */
	id: string
	user_id: string
	created_at: number
	expires_at: number
	/** Last use (refreshed at most every SESSION_TOUCH_MS), for the idle timeout. */
	last_seen_at: number
	user_agent: string | null
}

export interface AuthThrottleTable {
	/** 'account:<lowercased identifier>' or 'ip:<address>' or 'signup-ip:<address>'. */
	key: string
	failures: number
	window_started_at: number
	blocked_until: number
}

export interface AuthTables {
	sessions: SessionsTable
	auth_throttle: AuthThrottleTable
}
