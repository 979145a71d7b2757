/** An in-memory Storage for unit tests, able to simulate read and write failures per key. */
export function createMemoryStorage() {
	const data = new Map<string, string>()
	let failingReads = new Set<string>()
	let failingWrites = new Set<string>()
	const quota = () => Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' })
	return {
		get length() {
			return data.size
		},
		key: (index: number) => [...data.keys()][index] ?? null,
		getItem(key: string) {
			if (failingReads.has(key)) throw new Error('SecurityError')
			return data.get(key) ?? null
		},
		setItem(key: string, value: string) {
			if (failingWrites.has(key)) throw quota()
			data.set(key, String(value))
		},
		removeItem(key: string) {
			if (failingWrites.has(key)) throw quota()
			data.delete(key)
		},
		clear() {
			data.clear()
		},
		failReads(keys: string[]) {
			failingReads = new Set(keys)
		},
		failWrites(keys: string[]) {
			failingWrites = new Set(keys)
		},
		dump() {
			return Object.fromEntries(data)
		},
	} satisfies Storage & Record<string, unknown>
}
