/**
 * An object built on first use: a zod schema (or a table of them) that module code defines but a
 * page may never need. Building zod schemas is not free (each instance sets up its methods), and a
 * module's schemas were built when the module was evaluated: the library's and the settings'
 * schemas cost the bookmarks page a long task after hydration even on a device with nothing stored
 * (issue 27). Wrapped, they are built by the first read of any property, which an empty device
 * never makes.
 *
 * Every property read, check and key listing goes to the built object; methods and getters run on
 * it, not on the stand-in, so a schema behaves as itself wherever the stand-in is passed (inside
 * another schema too). Not for values that are cloned (`structuredClone` refuses a stand-in).
 */
export function lazyObject<T extends object>(build: () => T): T {
	let built: T | undefined
	const real = () => (built ??= build())
	return new Proxy({} as T, {
		get: (_, key) => Reflect.get(real(), key),
		set: (_, key, value) => Reflect.set(real(), key, value),
		has: (_, key) => Reflect.has(real(), key),
		ownKeys: () => Reflect.ownKeys(real()),
		// The stand-in's own target is empty and extensible, so every property it reports must be configurable.
		getOwnPropertyDescriptor: (_, key) => {
			const descriptor = Reflect.getOwnPropertyDescriptor(real(), key)
			return descriptor && { ...descriptor, configurable: true }
		},
		defineProperty: (_, key, descriptor) => Reflect.defineProperty(real(), key, descriptor),
		deleteProperty: (_, key) => Reflect.deleteProperty(real(), key),
		getPrototypeOf: () => Reflect.getPrototypeOf(real()),
	})
}
