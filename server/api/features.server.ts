import type { Router } from 'express'
import { usersApiRouter } from '../account/api.server.ts'
import { authApiRouter } from '../auth/api.server.ts'
import { calendarApiRouter } from '../calendar/api.server.ts'
import { catalogApiRouter } from '../catalog/api.server.ts'
import { imagesApiRouter } from '../images/api.server.ts'
import { libraryImportApiRouter } from '../library-import/api.server.ts'
import { partnersApiRouter } from '../partners/api.server.ts'
import { addonsApiRouter } from '../sources/addons/api.server.ts'
import { sourcesApiRouter } from '../sources/api.server.ts'
import { streamApiRouter } from '../sources/routes.server.ts'
import { fourKApiRouter } from '../sources/token/api.server.ts'
import { syncApiRouter } from '../sync/api.server.ts'
import { togetherApiRouter } from '../together/api.server.ts'
import { errorReportRouter } from '../error-reports/api.server.ts'

// Each feature owns a router in its own module; this list mounts them under /api.
export const featureRouters: Array<[mountPath: string, makeRouter: () => Router]> = [
	['/catalog', catalogApiRouter],
	['/images', imagesApiRouter],
	['/auth', authApiRouter],
	['/users', usersApiRouter],
	['/sync', syncApiRouter],
	['/errors', errorReportRouter],
	['/sources', sourcesApiRouter],
	['/stream', streamApiRouter],
	['/fourk', fourKApiRouter],
	['/addons', addonsApiRouter],
	['/calendar', calendarApiRouter],
	['/library-import', libraryImportApiRouter],
	['/partners', partnersApiRouter],
	['/together', togetherApiRouter],
]
