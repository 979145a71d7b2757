import { Router } from 'express'

// Placeholder: /api/fourk (token test and submit through Willow's server).
export function fourKApiRouter(): Router {
	return Router()
}
