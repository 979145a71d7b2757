/**
 * Paint first, then fetch and run the app's JavaScript (issue 27, decisions 0053 and 0060).
 *
 * React Router's `<Scripts>` writes a `<link rel="modulepreload">` per module
 * of the page (React hoists them into the head, so they are fetched with the
 * HTML) and an inline module script whose static imports evaluate all of them
 * the moment they arrive. On a phone that evaluation and the hydration after it
 * hold the main thread before the largest image has painted (Lighthouse at load
 * 7: LCP 4.3-4.6 s, against 2.0-2.2 s once evaluated after the paint), and the
 * preloads take a phone's bandwidth from that image (Lighthouse counts every
 * script that finished before the largest paint as needed for it: LCP about
 * 2.2 s when they had, 1.5 s when they had not, decision 0060). Rewritten here,
 * the preloads leave the HTML and the inline script waits for the first paint
 * and for the page's high-priority images (the largest one among them) to load
 * and paint, then adds the same preloads, imports the modules in parallel with
 * dynamic `import()` and starts the client entry as before. A tab opened in the
 * background, which does not paint, starts at once.
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

/**
 * Then waits until every `fetchpriority="high"` image of the page (the hero's, a title's poster and
 * backdrop: the largest paint) has loaded or failed, and the frame that shows it has been drawn;
 * at once when there is none or the document is hidden, and never more than 3 s.
 */
export const LARGEST_IMAGE_GATE =
	"await new Promise((go) => { const waiting = [...document.querySelectorAll('img[fetchpriority=\"high\"]')].filter((image) => !image.complete); if (waiting.length === 0 || document.visibilityState === 'hidden') return go(); setTimeout(go, 3000); let left = waiting.length; const one = () => { if (--left === 0) requestAnimationFrame(() => setTimeout(go, 0)) }; for (const image of waiting) { image.addEventListener('load', one, { once: true }); image.addEventListener('error', one, { once: true }) } });"

/** Adds the page's module preloads (taken out of the HTML) once the gates have opened, so nested imports do not wait for their parents. */
function preloadScript(hrefs: readonly string[], nonce: string | undefined): string {
	if (hrefs.length === 0) return ''
	return `for (const href of ${JSON.stringify(hrefs).replaceAll('<', '\\u003c')}) { const link = document.createElement('link'); link.rel = 'modulepreload'; link.href = href;${nonce ? ` link.nonce = ${JSON.stringify(nonce)};` : ''} document.head.append(link) }`
}

/**
 * A task boundary: the scheduler's yield where the browser has one (its continuation goes first), else a
 * timer. None in a hidden document, which paints nothing and whose timers a browser may hold for a second.
 */
export const NEXT_TASK =
	"if (document.visibilityState !== 'hidden') await (globalThis.scheduler?.yield ? scheduler.yield() : new Promise((go) => setTimeout(go, 0)));"

/**
 * Evaluates the page's modules one file at a time, a task each, in the preloads' order (the framework's
 * file before the app's), before the imports below ask for them all. Imported together, a page's whole
 * module graph evaluated in one task: 30-50 ms on a 2-core machine (React DOM's file alone about half),
 * a long task of 120-200 ms under Lighthouse's 4× slowdown; a file at a time, the browser can paint and
 * answer a tap between them (issue 27). The client entry, which hydrates, is left to the code below.
 */
function evaluateOneByOne(hrefs: readonly string[], later: readonly string[]): string {
	const staged = hrefs.filter((href) => !later.includes(href))
	if (staged.length === 0) return ''
	return `for (const href of ${JSON.stringify(staged).replaceAll('<', '\\u003c')}) { await import(href); ${NEXT_TASK} }`
}

const PRELOAD = Buffer.from('<link rel="modulepreload"')
const ROUTE_MODULES = 'window.__reactRouterRouteModules'
const SCRIPT_OPEN = /^(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*)<\/script>$/
const DYNAMIC_IMPORT = /\bimport\(("[^"\\]*")\)/g
const STATIC_IMPORT = /^\s*import\s+(?:\*\s+as\s+(\w+)\s+from\s+)?("[^"\\]*");?[ \t]*$/gm

/**
 * The module script's code with its static imports turned into dynamic ones
 * after the gates, with the preloads added first; null when it does not have
 * the expected shape (it is then left alone: the page still works, it only
 * fetches and evaluates earlier).
 */
export function gateModuleScript(code: string, preloads: readonly string[] = [], nonce?: string): string | null {
	const imports: Array<{ name: string | undefined; specifier: string }> = []
	const rest = code.replace(STATIC_IMPORT, (_line, name: string | undefined, specifier: string) => {
		imports.push({ name, specifier })
		return ''
	})
	if (imports.length === 0 || /^\s*import\s/m.test(rest)) return null
	const names = imports.map((entry, index) => entry.name ?? `_unused${index}`)
	const loads = imports.map((entry) => `import(${entry.specifier})`)
	// What the code after the route modules imports itself (the client entry) is not evaluated early.
	const later = [...rest.matchAll(DYNAMIC_IMPORT)].map((match) => JSON.parse(match[1]!) as string)
	return `${PAINT_GATE}${LARGEST_IMAGE_GATE}${preloadScript(preloads, nonce)}${evaluateOneByOne(preloads, later)}const [${names.join(', ')}] = await Promise.all([${loads.join(', ')}]);${rest}`
}

export type PaintFirstResult = { state: 'whole'; chunk: Buffer } | { state: 'partial' | 'none' }

const HREF = /\bhref="([^"]+)"/
const NONCE = /\bnonce="([^"]+)"/

/**
 * The rewrite on a piece of the streamed document, by bytes so that a
 * character split across pieces is never decoded: 'whole' when the piece holds
 * the module script (returned rewritten, the preloads before it taken out and
 * handed to the script), 'partial' when it holds preloads but not yet the
 * script (the caller waits for more), 'none' when it holds neither.
 */
export function paintFirstChunk(chunk: Buffer): PaintFirstResult {
	const marker = chunk.indexOf(ROUTE_MODULES)
	if (marker === -1) return chunk.includes(PRELOAD) ? { state: 'partial' } : { state: 'none' }
	const open = chunk.lastIndexOf('<script', marker)
	const close = chunk.indexOf('</script>', marker)
	if (open === -1 || close === -1) return { state: 'partial' }
	const end = close + '</script>'.length
	const element = SCRIPT_OPEN.exec(chunk.subarray(open, end).toString('utf8'))
	if (!element) return { state: 'whole', chunk }
	const pieces: Buffer[] = []
	const hrefs: string[] = []
	let from = 0
	for (let at = chunk.indexOf(PRELOAD); at !== -1 && at < open; at = chunk.indexOf(PRELOAD, at + 1)) {
		const tagEnd = chunk.indexOf('>', at)
		const href = tagEnd === -1 ? undefined : HREF.exec(chunk.subarray(at, tagEnd).toString('utf8'))?.[1]
		if (tagEnd === -1 || tagEnd > open || !href) return { state: 'whole', chunk }
		hrefs.push(href)
		pieces.push(chunk.subarray(from, at))
		from = tagEnd + 1
	}
	const code = gateModuleScript(element[2]!, hrefs, NONCE.exec(element[1]!)?.[1])
	if (code === null) return { state: 'whole', chunk }
	pieces.push(chunk.subarray(from, open), Buffer.from(`${element[1]}${code}</script>`, 'utf8'), chunk.subarray(end))
	return { state: 'whole', chunk: Buffer.concat(pieces) }
}
