import { Router } from 'express'

/** /api/auth/* (signup, login, logout). */
export function authApiRouter() {
	return Router()
}

/** /api/users/me/* (user, name, bookmarks, watch history). */
export function usersApiRouter() {
	return Router()
}

/** /api/sync/* (bookmarks, watch history, 4k token). */
export function syncApiRouter() {
	return Router()
}
