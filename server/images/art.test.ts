import { describe, expect, it } from 'vitest'
import { ART_SIZE, drawArt, escapeXml, TILE_SIZE, wrapText } from './art.ts'

describe('artwork drawing', () => {
	it('is deterministic per subject and differs between subjects', () => {
		const a = drawArt('poster', { seed: 'movie-1', title: 'Alpha', label: '2001 · Drama' })
		expect(drawArt('poster', { seed: 'movie-1', title: 'Alpha', label: '2001 · Drama' })).toBe(a)
		expect(drawArt('poster', { seed: 'movie-2', title: 'Alpha', label: '2001 · Drama' })).not.toBe(a)
	})

	it('draws every kind at its natural size', () => {
		for (const kind of ['poster', 'backdrop', 'logo', 'still', 'profile'] as const) {
			const svg = drawArt(kind, { seed: 'x', title: 'Title' })
			expect(svg).toContain(`viewBox="0 0 ${ART_SIZE[kind].width} ${ART_SIZE[kind].height}"`)
		}
	})

	it('escapes titles and wraps long ones within a line budget', () => {
		expect(escapeXml('Tom & Jerry <3 "quotes"')).toBe('Tom &amp; Jerry &lt;3 &quot;quotes&quot;')
		expect(drawArt('poster', { seed: 's', title: 'A <b> & C' })).toContain('A &lt;b&gt; &amp; C')
		const lines = wrapText('The Assassination of Jesse James by the Coward Robert Ford', 100, 800, 3)
		expect(lines).toHaveLength(3)
		expect(lines.at(-1)!.endsWith('…')).toBe(true)
		expect(wrapText('Up', 100, 800, 3)).toEqual(['Up'])
	})

	it('draws a watch provider as a square tile with its name on a coloured ground', () => {
		const svg = drawArt('logo', { seed: 'provider-2', title: 'Google Play Movies', tile: true })
		expect(svg).toContain(`viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}"`)
		expect(svg).toContain('url(#bg)')
		expect(svg).toContain('text-anchor="middle"')
		expect(svg).toContain('>Google<')
		expect(svg).not.toContain('<circle')
	})

	it('wraps a logo title rather than letting it run past the image (DejaVu Sans Bold is about 0.64 em a letter)', () => {
		const svg = drawArt('logo', { seed: 'tv-1399', title: 'Game of Thrones' })
		const lines = [...svg.matchAll(/font-size="(\d+)"[^>]*>([^<]+)<\/text>/g)].map((m) => ({ size: Number(m[1]), text: m[2]! }))
		expect(lines.map((l) => l.text)).toEqual(['Game of', 'Thrones'])
		for (const title of [
			'Game of Thrones',
			'The Shawshank Redemption',
			'Stranger Things',
			'Avengers: Doomsday',
			'Frieren: Beyond Journey’s End',
			// One long word cannot wrap (issue 26: the Binnelanders logo was cut).
			'Binnelanders',
			'Rosamunde Pilcher',
			'Supercalifragilistic',
		]) {
			for (const m of drawArt('logo', { seed: 's', title }).matchAll(/x="(\d+)"[^>]*font-size="(\d+)"[^>]*>([^<]+)<\/text>/g)) {
				expect(Number(m[1]) + m[3]!.length * Number(m[2]) * 0.64, `${title}: ${m[3]}`).toBeLessThanOrEqual(ART_SIZE.logo.width)
			}
		}
	})
})
