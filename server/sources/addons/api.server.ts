import { Router } from 'express'

// Placeholder: /api/addons (a signed-in user's own Stremio add-ons).
export function addonsApiRouter(): Router {
	return Router()
}
