// npm run bench:sources (or: npx tsx bench/sources/matching.ts [--files=20000] [--movies=<TMDB movies .jsonl>] [--scan-only] [--keep])
//
// --scan-only: the scan's figures alone (time, peak RSS of the first scan, match
// rates), without the name fixture and the capped rescan. --keep: the generated
// tree stays, with its database as it was before the first scan
// (data/willow.before-scan.sqlite), for measuring one change after another.
//
// Name matching of the media folder, two ways. First the name fixture
// (tests/fixtures/media-names.ts: scene, fansub and Plex/Jellyfin names, near
// misses) against the demo catalogue, through the real matcher: right rate
// (goal ≥ 95 %) and near misses matched (goal 0). Then a scan of --files
// generated files (links of one small file) named after catalogue titles the
// way people write them (bench/title-variants.ts: punctuation, case, accents,
// articles, original titles, a year one off or none, typos; Plex folders and
// scene names), a tenth with {tmdb-…} tags, and 5 % near misses (a sequel, a
// remake, a same-name title of another year) that must match nothing, scanned
// with no probing by `npm run media:scan` in a process of its own. Prints
// time, that process's peak RSS (goal ≤ 200 MB), the true match rate (goals:
// 100 % tagged, ≥ 95 % untagged) and the false match rate (goal 0), by kind.
// The catalogue is the demo one, plus the shared data's 3,000 real films
// (../shared/data/tmdb-movies-3000.jsonl) when present or given with --movies.
// BENCH_DEBUG=1 lists every name matched wrongly. Figures, not a test.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { yearOf } from '#app/lib/titles/match.ts'
import { importCatalogFile } from '#server/catalog/import.server.ts'
import { createMatcher } from '#server/sources/media-folder/naming-match.server.ts'
import { parseMediaPath } from '#server/sources/media-folder/naming.ts'
import { ffmpegPaths } from '#server/sources/media/ffmpeg.server.ts'
import { MEDIA_NAME_CASES } from '#tests/fixtures/media-names.ts'
import { seedDemo } from '../../server/catalog/demo.server.ts'
import { createDatabase, migrateToLatest, setDatabaseForTests } from '../../server/db/db.server.ts'
import { resetEnvForTests } from '../../server/env.server.ts'
import { benchStamp } from '../stamp.ts'
import { nearMisses, rate, seededRandom, writtenVariant, type CatalogueTitle } from '../title-variants.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string]))
const TOTAL = Number(args.get('files') ?? process.env.BENCH_FILES ?? 20_000)
const REPO = path.resolve(import.meta.dirname, '../..')
const SHARED_MOVIES = path.resolve(import.meta.dirname, '../../../shared/data/tmdb-movies-3000.jsonl')
const SCAN_ONLY = args.has('scan-only')
const KEEP = args.has('keep')
const MOVIES = args.get('movies') ?? (fs.existsSync(SHARED_MOVIES) ? SHARED_MOVIES : undefined)

/** A file or folder name: no path separators or characters Windows refuses. */
const safe = (text: string) =>
	text
		.replace(/[/\\:*?"<>|]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
/** Scene style: words joined by dots, apostrophes and other punctuation dropped. */
const dotted = (text: string) =>
	text
		.replace(/['’]/g, '')
		.replace(/[^\p{L}\p{N}&]+/gu, '.')
		.replace(/^\.+|\.+$/g, '')
const two = (n: number) => String(n).padStart(2, '0')

async function fixtureFigures() {
	const match = createMatcher()
	const rows = []
	for (const entry of MEDIA_NAME_CASES) {
		const outcome = await match(parseMediaPath(entry.path))
		const got =
			outcome.status === 'matched'
				? { id: outcome.candidate.id, type: outcome.candidate.type, season: outcome.season, episode: outcome.episode }
				: null
		rows.push({ entry, right: JSON.stringify(got) === JSON.stringify(entry.want), matched: got !== null })
	}
	const positives = rows.filter((r) => r.entry.want !== null)
	const negatives = rows.filter((r) => r.entry.want === null)
	const byKind = (['movie', 'series', 'anime'] as const)
		.map(
			(kind) =>
				`${kind} ${rate(positives.filter((r) => r.entry.kind === kind && r.right).length, positives.filter((r) => r.entry.kind === kind).length)}`,
		)
		.join('; ')
	console.log(
		`name fixture (${MEDIA_NAME_CASES.length} names): right title, season and episode ${rate(positives.filter((r) => r.right).length, positives.length)} (goal ≥ 95 %): ${byKind}`,
	)
	console.log(`name fixture near misses matched: ${rate(negatives.filter((r) => r.matched).length, negatives.length)} (goal 0)`)
}

/** A 1 s 64x64 H.264 MKV (a few kilobytes), from the ffmpeg the server would use. */
function makeClip(): Buffer {
	const { ffmpeg } = ffmpegPaths()
	if (!ffmpeg) throw new Error('ffmpeg is not available')
	const made = spawnSync(
		ffmpeg,
		[
			'-hide_banner',
			'-loglevel',
			'error',
			'-f',
			'lavfi',
			'-i',
			'testsrc=size=64x64:rate=10:duration=1',
			'-c:v',
			'libx264',
			'-f',
			'matroska',
			'pipe:1',
		],
		{ maxBuffer: 16 * 1024 * 1024 },
	)
	if (made.status !== 0) throw new Error(`ffmpeg could not make the clip: ${made.stderr.toString()}`)
	return made.stdout
}

async function main() {
	const root = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-media-'))
	// Where `media:scan` finds it: DATA_DIR/willow.sqlite.
	const dataDir = path.join(root, 'data')
	fs.mkdirSync(dataDir)
	const handle = createDatabase({ sqliteFile: path.join(dataDir, 'willow.sqlite') })
	try {
		await migrateToLatest(handle)
		await seedDemo(handle)
		setDatabaseForTests(handle)
		process.env.MEDIA_DIR = path.join(root, 'media')
		resetEnvForTests()
		if (!SCAN_ONLY) await fixtureFigures()
		if (MOVIES) await importCatalogFile(handle, MOVIES, { progressEveryMs: 60_000 })

		const titles = await handle.db
			.selectFrom('catalog_titles')
			.select(['id', 'media_type', 'title', 'original_title', 'release_date'])
			.execute()
		// The same name and year twice is ambiguous by design: such titles are left out.
		const counts = new Map<string, number>()
		const nameKey = (t: (typeof titles)[number]) => `${t.media_type}:${t.title.toLowerCase()}:${t.release_date?.slice(0, 4)}`
		for (const t of titles) counts.set(nameKey(t), (counts.get(nameKey(t)) ?? 0) + 1)
		const usable = titles.filter((t) => t.release_date && counts.get(nameKey(t)) === 1)
		const catalogue = (type: 'movie' | 'tv'): CatalogueTitle[] =>
			titles
				.filter((t) => t.media_type === type)
				.map((t) => ({ id: t.id, title: t.title, originalTitle: t.original_title, year: yearOf(t.release_date) }))
		const random = seededRandom(7)
		const misses = {
			movie: nearMisses(catalogue('movie'), random, Math.ceil(TOTAL * 0.04)),
			tv: nearMisses(catalogue('tv'), random, Math.ceil(TOTAL * 0.01)),
		}

		const stand = path.join(root, 'clip.mkv')
		// One small real clip, linked under every name (an empty file is never matched: it is reported as empty).
		fs.writeFileSync(stand, makeClip())
		const past = new Date(Date.now() - 60_000)
		fs.utimesSync(stand, past, past)
		const expected = new Map<string, { id: number | null; tagged: boolean; how: string }>()
		const place = (rel: string, id: number | null, tagged: boolean, how: string) => {
			const file = path.join(root, 'media', rel)
			if (fs.existsSync(file)) return
			fs.mkdirSync(path.dirname(file), { recursive: true })
			fs.linkSync(stand, file)
			expected.set(rel, { id, tagged, how })
		}
		// A title repeats in another library folder ("Movies 2/"), as owners spread films over disks.
		const movieName = (title: string, year: number | null, scene: boolean, tag = '', copy = 0) =>
			scene
				? `Movies${copy ? ` ${copy + 1}` : ''}/${dotted(title)}${year ? `.${year}` : ''}.1080p.BluRay.x264-GRP${tag}.mkv`
				: `Movies${copy ? ` ${copy + 1}` : ''}/${safe(title)}${year ? ` (${year})` : ''}${tag}/${safe(title)}${year ? ` (${year})` : ''}.mkv`
		const showName = (title: string, year: number | null, scene: boolean, season: number, episode: number, tag = '') =>
			scene
				? `Shows/${dotted(title)}${year ? `.${year}` : ''}${tag}.S${two(season)}E${two(episode)}.1080p.WEB.h264-GRP.mkv`
				: `Shows/${safe(title)}${year ? ` (${year})` : ''}${tag}/Season ${two(season)}/${safe(title)} - S${two(season)}E${two(episode)}.mkv`
		// Scene names never move an article to the end ("Green Mile, The"): library folders do.
		const sceneFor = (title: string) => !/, (The|A|An)$/.test(title)
		for (let i = 0; i < TOTAL; i++) {
			const scene = random() < 0.5
			if (random() < 0.05) {
				const useMovie = random() < 0.8
				const list = useMovie ? misses.movie : misses.tv
				const miss = list[i % list.length]
				if (!miss) continue
				place(useMovie ? movieName(miss.title, miss.year, scene) : showName(miss.title, miss.year, scene, 1, 1), null, false, miss.how)
				continue
			}
			const t = usable[i % usable.length]!
			const tagged = i % 10 === 0
			const tag = tagged ? ` {tmdb-${t.id}}` : ''
			const written = tagged
				? { title: t.title, year: yearOf(t.release_date), how: 'exact' }
				: writtenVariant({ id: t.id, title: t.title, originalTitle: t.original_title, year: yearOf(t.release_date) }, random)
			const copy = Math.floor(i / usable.length)
			const asScene = scene && !tagged && sceneFor(written.title)
			const rel =
				t.media_type === 'movie'
					? movieName(written.title, written.year, asScene, tag, copy)
					: showName(written.title, written.year, asScene, (copy % 3) + 1, (i % 10) + 1, tag)
			place(rel, t.id, tagged, written.how)
		}
		// The scan runs in a process of its own: its peak memory is what an owner's server or
		// `npm run media:scan` needs, not what this bench holds to generate and check the tree.
		// It is `npm run media:scan` itself (scripts/media-scan.ts: migrations, the start-up tasks,
		// the scan, its report) on this bench's database; peak-rss.preload.mjs reports the peak RSS
		// of every process the command starts, and the biggest (the scanning one) is the figure. The goal is judged on the first scan of a new database
		// (every file new, every row written) with Node's default heap, as the command runs. A
		// rescan with the heap capped at 64 MB follows, which shows how much the scan keeps alive.
		// The times are the command's, start-up included.
		const scanOnce = (nodeOptions: string[]) => {
			const peaks = path.join(root, 'peaks')
			fs.rmSync(peaks, { recursive: true, force: true })
			fs.mkdirSync(peaks)
			const started = performance.now()
			const scan = spawnSync('npm', ['run', '--silent', 'media:scan'], {
				cwd: REPO,
				encoding: 'utf8',
				maxBuffer: 256 * 1024 * 1024,
				env: {
					...process.env,
					NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${path.join(import.meta.dirname, 'peak-rss.preload.mjs')}`, ...nodeOptions]
						.filter(Boolean)
						.join(' '),
					BENCH_PEAK_RSS_DIR: peaks,
					DATA_DIR: dataDir,
					MEDIA_DIR: path.join(root, 'media'),
					DATABASE_URL: '',
					REDIS_URL: '',
					LOG_LEVEL: 'info',
				},
			})
			if (scan.status !== 0) throw new Error(`media:scan failed:\n${scan.stderr}`)
			const seconds = (performance.now() - started) / 1000
			const records = fs
				.readdirSync(peaks)
				.map(
					(name) =>
						JSON.parse(fs.readFileSync(path.join(peaks, name), 'utf8')) as { script: string; peakBytes: number; heapLimitBytes: number },
				)
			const biggest = records.sort((a, b) => b.peakBytes - a.peakBytes)[0]
			if (!biggest) throw new Error('media:scan ran no process that reported its memory')
			return { seconds, ...biggest }
		}
		const rowsBefore = (await handle.db.selectFrom('media_files').select('relative_path').execute()).length
		if (rowsBefore !== 0) throw new Error(`the first scan must start from a new database (it holds ${rowsBefore} media rows)`)
		// VACUUM INTO: a whole copy, the write-ahead log's pages included.
		if (KEEP) await sql`VACUUM INTO ${path.join(dataDir, 'willow.before-scan.sqlite')}`.execute(handle.db)
		const uncapped = scanOnce([])
		const capped = SCAN_ONLY ? null : scanOnce(['--max-old-space-size=64'])
		const SCAN_RSS_GOAL = 200 * 1024 * 1024
		const { seconds } = uncapped
		const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`
		const rows = new Map(
			(await handle.db.selectFrom('media_files').select(['relative_path', 'tmdb_id']).execute()).map((r) => [r.relative_path, r.tmdb_id]),
		)
		const all = [...expected].map(([rel, e]) => ({ ...e, got: rows.get(rel) ?? null }))
		const positives = (tagged: boolean) => all.filter((e) => e.id !== null && e.tagged === tagged)
		const negatives = all.filter((e) => e.id === null)
		const byHow = (list: typeof all, hit: (e: (typeof all)[number]) => boolean) =>
			[...new Set(list.map((e) => e.how))]
				.sort()
				.map((how) => `${how} ${rate(list.filter((e) => e.how === how && hit(e)).length, list.filter((e) => e.how === how).length)}`)
				.join('; ')
		const right = (e: (typeof all)[number]) => e.got === e.id
		if (process.env.BENCH_DEBUG)
			for (const [rel, e] of expected) if (e.id !== null && rows.get(rel) !== e.id) console.log('miss', e.how, rel, rows.get(rel))
		console.log(
			`files: ${expected.size} (${usable.length} distinct catalogue titles${MOVIES ? `, the demo catalogue and ${path.basename(MOVIES)}` : ', the demo catalogue'})`,
		)
		console.log(`time of npm run media:scan, start-up included: ${seconds.toFixed(1)} s (${Math.round(expected.size / seconds)} files/s)`)
		console.log(
			`peak RSS of the media:scan process, first scan of a new database with Node's default heap (limit ${mb(uncapped.heapLimitBytes)}): ${mb(uncapped.peakBytes)} (goal ≤ 200 MB${uncapped.peakBytes > SCAN_RSS_GOAL ? ': NOT MET' : ''})${capped ? `; a rescan with the heap capped at 64 MB: ${mb(capped.peakBytes)} (${capped.seconds.toFixed(1)} s)` : ''} (${benchStamp()})`,
		)
		console.log(`tagged matched: ${rate(positives(true).filter(right).length, positives(true).length)} (goal 100 %)`)
		console.log(`untagged true match rate: ${rate(positives(false).filter(right).length, positives(false).length)} (goal ≥ 95 %)`)
		console.log(`  by how the name was written: ${byHow(positives(false), right)}`)
		console.log(
			`false match rate (near misses matched): ${rate(negatives.filter((e) => e.got !== null).length, negatives.length)} (goal 0)`,
		)
		console.log(`  by kind: ${byHow(negatives, (e) => e.got !== null)}`)
	} finally {
		setDatabaseForTests(undefined)
		await handle.close()
		if (KEEP) console.log(`kept: ${root}`)
		else fs.rmSync(root, { recursive: true, force: true })
	}
}

await main()
