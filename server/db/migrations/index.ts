import { usersAndSessions } from './0001-users-and-sessions.ts'
import { catalog } from './0002-catalog.ts'
import { accountsSync } from './0003-accounts-sync.ts'
import { pgSearchDocs } from './0004-pg-search-docs.ts'
import { pgSearchPopularHead } from './0005-pg-search-popular-head.ts'
import { pgLibraryFillfactor } from './0006-pg-library-fillfactor.ts'
import { appSecrets } from './0007-app-secrets.ts'
import { mediaLibrary } from './0008-media-library.ts'
import { userAddons } from './0009-user-addons.ts'
import { calendarFeeds } from './0010-calendar-feeds.ts'
import { errorReports } from './0011-error-reports.ts'
import { sessionLastSeen } from './0012-session-last-seen.ts'
import { donations } from './0013-donations.ts'
import { watchOffers } from './0014-watch-offers.ts'
import { partnerSubmissions } from './0015-partner-submissions.ts'
import { mediaMarkers } from './0019-media-markers.ts'
import type { Migration } from './types.ts'

// The one ordered list of migrations. Append new ones; never edit or reorder
// one that has shipped. Names sort in the order they must run.
export const migrations: Record<string, Migration> = {
	'0001-users-and-sessions': usersAndSessions,
	'0002-catalog': catalog,
	'0003-accounts-sync': accountsSync,
	'0004-pg-search-docs': pgSearchDocs,
	'0005-pg-search-popular-head': pgSearchPopularHead,
	'0006-pg-library-fillfactor': pgLibraryFillfactor,
	'0007-app-secrets': appSecrets,
	'0008-media-library': mediaLibrary,
	'0009-user-addons': userAddons,
	'0010-calendar-feeds': calendarFeeds,
	'0011-error-reports': errorReports,
	'0012-session-last-seen': sessionLastSeen,
	'0013-donations': donations,
	'0014-watch-offers': watchOffers,
	'0015-partner-submissions': partnerSubmissions,
	'0019-media-markers': mediaMarkers,
}
