// Name matching of 20,000 generated media file names (issue "Playback sources"):
// empty files with realistic Plex/Jellyfin names of demo-catalogue titles, a
// tenth with {tmdb-…} tags, scanned with no probing in a process of its own
// (matching-scan.child.ts). Prints time, that process's peak RSS and
// match rates (goals: ≤ 200 MB; 100 % tagged, ≥ 95 % untagged). Figures, not a test.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { seedDemo } from '../../server/catalog/demo.server.ts'
import { createDatabase, migrateToLatest, setDatabaseForTests } from '../../server/db/db.server.ts'
import { resetEnvForTests } from '../../server/env.server.ts'

const TOTAL = Number(process.env.BENCH_FILES ?? 20_000)

async function main() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-media-'))
	const handle = createDatabase({ sqliteFile: path.join(root, 'bench.sqlite') })
	try {
		await migrateToLatest(handle)
		await seedDemo(handle)
		setDatabaseForTests(handle)
		process.env.MEDIA_DIR = path.join(root, 'media')
		resetEnvForTests()
		const titles = await handle.db.selectFrom('catalog_titles').select(['id', 'media_type', 'title', 'release_date']).execute()
		// Names a real library would hold: titles differing only in punctuation from another title are fine, but the same name and year twice is ambiguous by design.
		const counts = new Map<string, number>()
		for (const t of titles)
			counts.set(
				`${t.media_type}:${t.title.toLowerCase()}:${t.release_date?.slice(0, 4)}`,
				(counts.get(`${t.media_type}:${t.title.toLowerCase()}:${t.release_date?.slice(0, 4)}`) ?? 0) + 1,
			)
		const usable = titles.filter(
			(t) => t.release_date && counts.get(`${t.media_type}:${t.title.toLowerCase()}:${t.release_date.slice(0, 4)}`) === 1,
		)
		const expected = new Map<string, { id: number; tagged: boolean }>()
		const past = new Date(Date.now() - 60_000)
		for (let i = 0; i < TOTAL; i++) {
			const t = usable[i % usable.length]!
			const tagged = i % 10 === 0
			const year = t.release_date!.slice(0, 4)
			const safe = t.title
				.replace(/[/\\:*?"<>|]/g, ' ')
				.replace(/\s+/g, ' ')
				.trim()
			const tag = tagged ? ` {tmdb-${t.id}}` : ''
			const copy = Math.floor(i / usable.length)
			const rel =
				t.media_type === 'movie'
					? `Movies/${safe} (${year})${tag}/${safe} (${year})${copy ? ` - part${copy}` : ''}.mkv`
					: `Shows/${safe} (${year})${tag}/Season ${String((copy % 20) + 1).padStart(2, '0')}/${safe} - S${String((copy % 20) + 1).padStart(2, '0')}E${String((i % 50) + 1).padStart(2, '0')}.mkv`
			const file = path.join(root, 'media', rel)
			if (fs.existsSync(file)) continue
			fs.mkdirSync(path.dirname(file), { recursive: true })
			fs.writeFileSync(file, '')
			fs.utimesSync(file, past, past)
			expected.set(rel, { id: t.id, tagged })
		}
		// The scan runs in a process of its own: its peak memory is what an owner's server or
		// `npm run media:scan` needs, not what this bench holds to generate and check the tree.
		// The goal is judged on the first scan of a new database (every file new, every row
		// written) with Node's default heap, the way `media:scan` runs. A rescan with the heap
		// capped at 64 MB follows, which shows how much the scan really keeps alive.
		const scanOnce = (nodeOptions: string[]) => {
			const scan = spawnSync(
				process.execPath,
				[
					...nodeOptions,
					'--import',
					'tsx',
					path.join(import.meta.dirname, 'matching-scan.child.ts'),
					path.join(root, 'bench.sqlite'),
					path.join(root, 'media'),
				],
				{ encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } },
			)
			if (scan.status !== 0) throw new Error(`the scan failed:\n${scan.stderr}`)
			return JSON.parse(scan.stdout.trim().split('\n').at(-1)!) as { seconds: number; beforeBytes: number; peakBytes: number }
		}
		const rowsBefore = (await handle.db.selectFrom('media_files').select('relative_path').execute()).length
		if (rowsBefore !== 0) throw new Error(`the first scan must start from a new database (it holds ${rowsBefore} media rows)`)
		const uncapped = scanOnce([])
		const capped = scanOnce(['--max-old-space-size=64'])
		const SCAN_RSS_GOAL = 200 * 1024 * 1024
		const { seconds } = uncapped
		const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
		const rows = new Map(
			(await handle.db.selectFrom('media_files').select(['relative_path', 'tmdb_id']).execute()).map((r) => [r.relative_path, r.tmdb_id]),
		)
		const rate = (tagged: boolean) => {
			const wanted = [...expected].filter(([, e]) => e.tagged === tagged)
			const hits = wanted.filter(([rel, e]) => rows.get(rel) === e.id).length
			return `${hits}/${wanted.length} (${((hits / Math.max(1, wanted.length)) * 100).toFixed(1)} %)`
		}
		console.log(`files: ${expected.size} (${usable.length} distinct catalogue titles)`)
		console.log(`time: ${seconds.toFixed(1)} s (${Math.round(expected.size / seconds)} files/s)`)
		console.log(
			`peak RSS of the scanning process, first scan of a new database with Node's default heap: ${mb(uncapped.peakBytes)} (goal ≤ 200 MB${uncapped.peakBytes > SCAN_RSS_GOAL ? ': NOT MET' : ''}); a rescan with the heap capped at 64 MB: ${mb(capped.peakBytes)} (${capped.seconds.toFixed(1)} s); ${mb(uncapped.beforeBytes)} before the scan (node, tsx and the server modules)`,
		)
		console.log(`tagged matched: ${rate(true)} (goal 100 %)`)
		console.log(`untagged matched: ${rate(false)} (goal ≥ 95 %)`)
	} finally {
		setDatabaseForTests(undefined)
		await handle.close()
		fs.rmSync(root, { recursive: true, force: true })
	}
}

await main()
