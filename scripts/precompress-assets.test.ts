import crypto from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { MIN_BYTES, precompressAssets } from './precompress-assets.ts'

let dir: string
beforeEach(() => {
	dir = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-precompress-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Minified-looking script text: repetitive, as real bundles are. */
function script(bytes: number) {
	let text = ''
	for (let index = 0; text.length < bytes; index++) text += `function f${index}(a,b){return a.map(c=>c*b+${index % 97})}export{f${index}};`
	return text.slice(0, bytes)
}

describe('precompressAssets', () => {
	it('writes brotli and gzip copies that decode to each compressible file, smaller than it', async () => {
		const content = script(40_000)
		fs.writeFileSync(path.join(dir, 'route-AbC123.js'), content)
		fs.mkdirSync(path.join(dir, 'nested'))
		fs.writeFileSync(
			path.join(dir, 'nested', 'icons.svg'),
			`<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h24v24H0z"/>'.repeat(200)}</svg>`,
		)
		const result = await precompressAssets(dir)
		expect(result.files).toBe(2)
		const br = fs.readFileSync(path.join(dir, 'route-AbC123.js.br'))
		const gz = fs.readFileSync(path.join(dir, 'route-AbC123.js.gz'))
		expect(zlib.brotliDecompressSync(br).toString()).toBe(content)
		expect(zlib.gunzipSync(gz).toString()).toBe(content)
		expect(br.length).toBeLessThan(gz.length)
		expect(gz.length).toBeLessThan(content.length / 3)
		expect(fs.existsSync(path.join(dir, 'nested', 'icons.svg.br'))).toBe(true)
		expect(result.brotliBytes).toBeLessThan(result.bytes)
	})

	it('leaves alone files under the threshold, images, and files a copy would not shrink', async () => {
		fs.writeFileSync(path.join(dir, 'entry-x.js'), script(MIN_BYTES - 1))
		fs.writeFileSync(path.join(dir, 'poster.webp'), script(20_000))
		// Random bytes do not compress: a copy would only cost the reader a decoding.
		fs.writeFileSync(path.join(dir, 'random.js'), crypto.randomBytes(20_000))
		expect((await precompressAssets(dir)).files).toBe(0)
		expect(fs.readdirSync(dir).sort()).toEqual(['entry-x.js', 'poster.webp', 'random.js'])
	})

	it('can run again over its own copies, and on a build without assets', async () => {
		fs.writeFileSync(path.join(dir, 'a.js'), script(5_000))
		await precompressAssets(dir)
		expect((await precompressAssets(dir)).files).toBe(1)
		expect(fs.readdirSync(dir).sort()).toEqual(['a.js', 'a.js.br', 'a.js.gz'])
		expect((await precompressAssets(path.join(dir, 'missing'))).files).toBe(0)
	})
})
