import type { Router } from 'express'
import { errorReportRouter } from './error-report.server.ts'

// Each feature owns a router in its own module; this list mounts them under /api.
// Add a line here when a feature adds endpoints.
export const featureRouters: Array<[mountPath: string, makeRouter: () => Router]> = [
	['/errors', errorReportRouter],
]
