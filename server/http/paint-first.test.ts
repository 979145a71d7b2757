import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { gateModuleScript, LARGEST_IMAGE_GATE, NEXT_TASK, PAINT_GATE, paintFirstChunk } from './paint-first.ts'

// A home page's head and scripts as React Router 7 writes them (the loader data shortened, and
// characters of several byte lengths around them).
const DOCUMENT = fs.readFileSync(path.resolve('tests/fixtures/html/react-router-document.html'))

function rewritten(html: Buffer): string {
	const result = paintFirstChunk(html)
	if (result.state !== 'whole') throw new Error(`expected the whole scripts part, got ${result.state}`)
	return result.chunk.toString('utf8')
}

describe('paint first, then evaluate the modules', () => {
	it('turns the static imports into parallel dynamic ones behind the paint gate, and keeps the rest', () => {
		const html = rewritten(DOCUMENT)
		const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
		expect(script.startsWith(PAINT_GATE)).toBe(true)
		expect(script).toContain(
			'const [route0, route1] = await Promise.all([import("/assets/root-BfCbCwzo.js"), import("/assets/home-F1sx1OVE.js")]);',
		)
		expect(script).not.toMatch(/^\s*import\s/m)
		// The route modules are still published, and the client entry still starts after them.
		expect(script).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};')
		expect(script.trimEnd().endsWith('import("/assets/entry.client-C0q6GcIY.js");')).toBe(true)
		expect(script.indexOf('await Promise.all')).toBeLessThan(script.indexOf('window.__reactRouterRouteModules'))
	})

	it('takes the module preloads out of the HTML and adds the same ones, with the nonce, once the gates have opened', () => {
		const before = DOCUMENT.toString('utf8')
		const wanted = [...before.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((match) => match[1])
		expect(wanted).toHaveLength(7)
		const html = rewritten(DOCUMENT)
		expect(html).not.toContain('rel="modulepreload"')
		const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
		expect(script).toContain(`for (const href of ${JSON.stringify(wanted)}) {`)
		expect(script).toContain('link.nonce = "U/1dcjTzQdERvN3jl6bFFQ==";')
		// In order: the first paint, the largest image, then the preloads, then the imports.
		const at = (text: string) => script.indexOf(text)
		expect(at(PAINT_GATE)).toBe(0)
		expect(at(LARGEST_IMAGE_GATE)).toBe(PAINT_GATE.length)
		expect(at('for (const href of')).toBe(PAINT_GATE.length + LARGEST_IMAGE_GATE.length)
		expect(at('for (const href of')).toBeLessThan(at('await Promise.all'))
	})

	it('evaluates the preloaded files one at a time, a task each, framework first, and leaves the client entry to start last', () => {
		const html = rewritten(DOCUMENT)
		const script = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!
		const staged = [
			'/assets/framework-B22sSRNi.js',
			'/assets/root-BfCbCwzo.js',
			'/assets/shell-234mTqvO.js',
			'/assets/home-F1sx1OVE.js',
			'/assets/browse-w8b55waT.js',
			'/assets/browse-lists-D5Vgbdpf.js',
		]
		const loop = `for (const href of ${JSON.stringify(staged)}) { await import(href); ${NEXT_TASK} }`
		expect(script).toContain(loop)
		// After the preloads are added, before the route modules are published and the entry hydrates.
		expect(script.indexOf(loop)).toBeGreaterThan(script.indexOf('document.head.append(link)'))
		expect(script.indexOf(loop)).toBeLessThan(script.indexOf('await Promise.all'))
		expect(script.indexOf('import("/assets/entry.client-C0q6GcIY.js")')).toBeGreaterThan(script.indexOf('window.__reactRouterRouteModules'))
		// Without preloads there is nothing to evaluate early.
		expect(
			gateModuleScript('import * as route0 from "/assets/root.js";\nwindow.__reactRouterRouteModules = {"root":route0};'),
		).not.toContain('await import(href)')
	})

	it('changes nothing else, byte for byte (characters of 2, 3 and 4 bytes included)', () => {
		const before = DOCUMENT.toString('utf8')
		const after = rewritten(DOCUMENT)
		const strip = (html: string) =>
			html.replaceAll(/<link rel="modulepreload"[^>]*>/g, '').replace(/(<script[^>]*type="module"[^>]*>)[\s\S]*?<\/script>/, '$1</script>')
		expect(strip(after)).toBe(strip(before))
		expect(after).toContain('Amélie — 天気の子 ☕')
	})

	it('asks for more when a piece holds the preloads but not the module script, and says none when it holds neither', () => {
		const cut = DOCUMENT.indexOf('window.__reactRouterRouteModules') - 10
		expect(paintFirstChunk(DOCUMENT.subarray(0, cut)).state).toBe('partial')
		expect(paintFirstChunk(Buffer.from('<div>rows streamed later</div>')).state).toBe('none')
		// The two pieces joined are rewritten as the whole was.
		expect(rewritten(Buffer.concat([DOCUMENT.subarray(0, cut), DOCUMENT.subarray(cut)]))).toBe(rewritten(DOCUMENT))
	})

	it('merges routes split into several chunks, and names a bare import so the list lines up', () => {
		const code = [
			'import "/assets/manifest-1.js";',
			'import * as route0 from "/assets/root.js";',
			'import * as route1_clientLoader from "/assets/a-loader.js";',
			'import * as route1_main from "/assets/a.js";',
			'const route1 = {...route1_clientLoader,...route1_main};',
			'  window.__reactRouterRouteModules = {"root":route0,"routes/a":route1};',
			'',
			'import("/assets/entry.client.js");',
		].join('\n')
		const gated = gateModuleScript(code)!
		expect(gated).toContain(
			'const [_unused0, route0, route1_clientLoader, route1_main] = await Promise.all([import("/assets/manifest-1.js"), import("/assets/root.js"), import("/assets/a-loader.js"), import("/assets/a.js")]);',
		)
		expect(gated).toContain('const route1 = {...route1_clientLoader,...route1_main};')
	})

	it('leaves a script of another shape alone, rather than half-rewriting it', () => {
		expect(gateModuleScript('import { a } from "/assets/a.js";\nwindow.__reactRouterRouteModules = {};')).toBeNull()
		expect(gateModuleScript('window.__reactRouterRouteModules = {};')).toBeNull()
		const odd = Buffer.from(
			'<link rel="modulepreload" href="/a.js"/><script type="module">import { a } from "/a.js";window.__reactRouterRouteModules = {};</script>',
		)
		const result = paintFirstChunk(odd)
		expect(result).toEqual({ state: 'whole', chunk: odd })
	})
})
