/**
 * Paint first, then run the app's JavaScript (issue 27, decision 0053).
 *
 * React Router's `<Scripts>` ends the shell with a `<link rel="modulepreload">`
 * per module of the page (fetched at high priority) and an inline module script
 * whose static imports evaluate all of them the moment they arrive. On a phone
 * that evaluation and the hydration after it hold the main thread before the
 * largest image has painted (Lighthouse at load 7: LCP 4.3-4.6 s, against
 * 2.0-2.2 s with this change), and the scripts compete with that image for
 * bandwidth. Rewritten here, the preloads are fetched at low priority and the
 * inline script imports the modules only after the first paint, in parallel,
 * then starts the client entry as before. A tab opened in the background, which
 * does not paint, starts at once.
 */

/**
 * Waits until the browser has recorded the first paint (its paint timing entry, which carries
 * the time the frame was shown: the frame after a requestAnimationFrame could still be on its way
 * to the screen, and a CI run saw the modules evaluate 150 ms before it). Where paint entries
 * are not reported, the task after the next frame. A hidden document goes on at once, and none
 * waits more than 3 s (hidden meanwhile).
 */
export const PAINT_GATE =
	"await new Promise((go) => { if (document.visibilityState === 'hidden') return go(); setTimeout(go, 3000); if (PerformanceObserver.supportedEntryTypes?.includes('paint')) new PerformanceObserver((_, seen) => { seen.disconnect(); setTimeout(go, 0) }).observe({ type: 'paint', buffered: true }); else requestAnimationFrame(() => setTimeout(go, 0)) });"

const PRELOAD = Buffer.from('<link rel="modulepreload"')
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"')
const ROUTE_MODULES = 'window.__reactRouterRouteModules'
const SCRIPT_OPEN = /^(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*)<\/script>$/
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\\]*");?[ \t]*$/gm

/**
 * The module script's code with its static imports turned into dynamic ones
 * after the paint gate; null when it does not have the expected shape (it is
 * then left alone: the page still works, it only evaluates earlier).
 */
export function gateModuleScript(code: string): string | null {
	const imports: Array<{ name: string | undefined; specifier: string }> = []
	const rest = code.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
		imports.push({ name, specifier })
		return ''
	})
	if (imports.length === 0 || /^\s*import\s/m.test(rest)) return null
	const names = imports.map((entry, index) => entry.name ?? `_unused${index}`)
	const loads = imports.map((entry) => `import(${entry.specifier})`)
	return `${PAINT_GATE}const [${names.join(', ')}] = await Promise.all([${loads.join(', ')}]);${rest}`
}

export type PaintFirstResult = { state: 'whole'; chunk: Buffer } | { state: 'partial' | 'none' }

/**
 * The rewrite on a piece of the streamed document, by bytes so that a
 * character split across pieces is never decoded: 'whole' when the piece holds
 * the module script (returned rewritten, with the preloads before it),
 * 'partial' when it holds preloads but not yet the script (the caller waits
 * for more), 'none' when it holds neither.
 */
export function paintFirstChunk(chunk: Buffer): PaintFirstResult {
	const marker = chunk.indexOf(ROUTE_MODULES)
	if (marker === -1) return chunk.includes(PRELOAD) ? { state: 'partial' } : { state: 'none' }
	const open = chunk.lastIndexOf('<script', marker)
	const close = chunk.indexOf('</script>', marker)
	if (open === -1 || close === -1) return { state: 'partial' }
	const end = close + '</script>'.length
	const element = SCRIPT_OPEN.exec(chunk.subarray(open, end).toString('utf8'))
	const code = element ? gateModuleScript(element[2]!) : null
	if (!element || code === null) return { state: 'whole', chunk }
	const pieces: Buffer[] = []
	let from = 0
	for (let at = chunk.indexOf(PRELOAD); at !== -1 && at < open; at = chunk.indexOf(PRELOAD, at + 1)) {
		const after = at + PRELOAD.length
		pieces.push(chunk.subarray(from, after), LOW_PRIORITY)
		from = after
	}
	pieces.push(chunk.subarray(from, open), Buffer.from(`${element[1]}${code}</script>`, 'utf8'), chunk.subarray(end))
	return { state: 'whole', chunk: Buffer.concat(pieces) }
}
