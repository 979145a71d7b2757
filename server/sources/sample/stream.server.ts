import { Router } from 'express'

// Placeholder: serves /api/stream/sample/* once that part lands.
export function sampleStreamRouter(): Router {
	return Router()
}
