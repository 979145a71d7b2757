// Tables owned by auth beyond users and sessions (see migration 0003).

export interface AuthThrottleTable {
	/** 'account:<lowercased identifier>' or 'ip:<address>' or 'signup-ip:<address>'. */
	key: string
	failures: number
	window_started_at: number
	blocked_until: number
}

export interface AuthTables {
	auth_throttle: AuthThrottleTable
}
