import { Router } from 'express'

// Placeholder: serves /api/stream/proxy/* once that part lands.
export function proxyStreamRouter(): Router {
	return Router()
}
