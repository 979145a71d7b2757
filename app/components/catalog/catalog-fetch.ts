/** Browser access to the catalogue: /api/catalog/<TMDB v3 path>, same shapes as TMDB. */
export async function fetchCatalog<T>(path: string, query: Record<string, string | number | undefined> = {}, signal?: AbortSignal): Promise<T> {
	const params = new URLSearchParams()
	for (const [key, value] of Object.entries(query)) {
		if (value !== undefined && value !== '') params.set(key, String(value))
	}
	const qs = params.toString()
	const response = await fetch(`/api/catalog${path}${qs ? `?${qs}` : ''}`, { signal, headers: { Accept: 'application/json' } })
	if (!response.ok) {
		let message = response.statusText || `HTTP ${response.status}`
		try {
			const body = (await response.json()) as { error?: string }
			if (body.error) message = body.error
		} catch {
			// Not JSON: keep the status text.
		}
		throw new Error(message)
	}
	return (await response.json()) as T
}
