import { Router } from 'express'

// Placeholder: GET /api/sources and GET /api/sources/lookup (owned by the sources core work).
export function sourcesApiRouter(): Router {
	return Router()
}
