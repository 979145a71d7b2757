import { describe, expect, it } from 'vitest'
import type { ScanReport } from '../server/sources/media-folder/index.server.ts'
import { formatScanReport, progressPrinter, scanReportJson } from './media-scan-output.ts'

const report: ScanReport = {
	matched: 2,
	matches: [
		{ path: 'Shows/Dark/Season 1/Dark - S01E02.mkv', type: 'show', tmdbId: 70523, title: 'Dark', year: 2017, season: 1, episode: 2 },
		{ path: 'Movies/Fight Club (1999).mkv', type: 'movie', tmdbId: 550, title: 'Fight Club', year: 1999, season: null, episode: null },
	],
	unmatched: [{ path: 'Movies/The Matrix (1999).mkv', reason: 'empty file (0 bytes)' }],
	ambiguous: [{ path: 'Movies/Dune.mkv', reason: '2 titles "Dune"; add the year or a {tmdb-…} tag' }],
	skipped: [],
	removed: 1,
	settlesAt: null,
}

describe('media:scan output', () => {
	it('lists every file with the title it matched, then every file not matched with its reason', () => {
		expect(formatScanReport(report)).toBe(
			[
				'Matched: 2',
				'  Movies/Fight Club (1999).mkv → Fight Club (1999)',
				'  Shows/Dark/Season 1/Dark - S01E02.mkv → Dark (2017), season 1, episode 2',
				'Unmatched: 1',
				'  Movies/The Matrix (1999).mkv: empty file (0 bytes)',
				'Ambiguous: 1',
				'  Movies/Dune.mkv: 2 titles "Dune"; add the year or a {tmdb-…} tag',
				'Skipped: 0',
				'Removed from the index: 1',
				'',
			].join('\n'),
		)
	})

	it('prints the same lists as JSON for machines', () => {
		const parsed = JSON.parse(scanReportJson(report)) as Record<string, unknown[]>
		expect(parsed.matched).toHaveLength(2)
		expect(parsed.unmatched).toEqual(report.unmatched)
		expect(parsed.ambiguous).toEqual(report.ambiguous)
	})

	it('shows progress on a pipe as a line per 5 %, and as one redrawn bar on a terminal', () => {
		const lines: string[] = []
		const onPipe = progressPrinter((text) => lines.push(text), false)
		for (let done = 1; done <= 1000; done++) onPipe(done, 1000)
		expect(lines).toHaveLength(20)
		expect(lines[0]).toBe('scanned 50/1000 (5 %)\n')
		expect(lines.at(-1)).toBe('scanned 1000/1000 (100 %)\n')
		const few: string[] = []
		const small = progressPrinter((text) => few.push(text), false)
		for (let done = 1; done <= 3; done++) small(done, 3)
		expect(few).toEqual(['scanned 1/3 (33 %)\n', 'scanned 2/3 (66 %)\n', 'scanned 3/3 (100 %)\n'])
		const drawn: string[] = []
		const onTerminal = progressPrinter((text) => drawn.push(text), true)
		onTerminal(5, 10)
		expect(drawn).toEqual([`\r[${'#'.repeat(15)}${'-'.repeat(15)}] 5/10`])
	})
})
