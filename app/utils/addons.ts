import { apiRequest } from './api-client.ts'

// Browser side of /api/addons: the signed-in user's own Stremio add-ons.

export interface UserAddon {
	id: string
	manifestUrl: string
	name: string
	addedAt: number
}

export function fetchAddons(signal?: AbortSignal) {
	return apiRequest<{ addons: UserAddon[]; max: number }>('/api/addons', { signal })
}

export function addAddon(manifestUrl: string) {
	return apiRequest<{ addon: UserAddon; addons: UserAddon[] }>('/api/addons', { method: 'POST', body: { manifestUrl } })
}

export function removeAddon(id: string) {
	return apiRequest<{ addons: UserAddon[] }>(`/api/addons/${encodeURIComponent(id)}`, { method: 'DELETE' })
}

export function reorderAddons(ids: string[]) {
	return apiRequest<{ addons: UserAddon[] }>('/api/addons/order', { method: 'PUT', body: { ids } })
}

/** The list with the item at `from` moved to `to` (both in range). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
	const next = [...list]
	const [item] = next.splice(from, 1)
	if (item !== undefined) next.splice(to, 0, item)
	return next
}
