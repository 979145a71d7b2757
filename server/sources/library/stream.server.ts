import { Router } from 'express'

// Placeholder: serves /api/stream/library/* once that part lands.
export function libraryStreamRouter(): Router {
	return Router()
}
