export interface CalendarFeedsTable {
	user_id: string
	/** SHA-256 of the feed URL's token: a leaked table does not leak feeds. */
	token_hash: string
	created_at: number
}

export interface CalendarTables {
	calendar_feeds: CalendarFeedsTable
}
