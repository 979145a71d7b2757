// Account data tables beyond users and sessions (bookmarks, history, settings, ...).
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AccountTables {}
