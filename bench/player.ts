// npm run bench:player [-- --runs=20 --no-build --build-dir=DIR --port=3711]
//
// Serves the production build on a fresh data folder (the demo catalogue and
// its sample clips) and drives Debian's Chromium with Playwright on Big Buck
// Bunny's page:
// - Watch pressed → first frame (video.currentTime > 0), p50/p95 over --runs
//   runs, once with the sample clip's MP4 stream and once with its HLS stream
//   (goal p50 ≤ 800 ms, p95 ≤ 1.5 s on loopback). The lookup answer is
//   narrowed to one kind of stream per series of runs; Watch is pressed once
//   the page's own lookup has found it, so the figure is the player's: chunk
//   load, media load, first frame. The first frame counts wherever the
//   player's video shows it: a file stream starts at the click and plays in a
//   bare full-screen shell until the controls' code has loaded (decision 0056). Against a bare page in the same run: the
//   same MP4 file in a plain <video> element, played by the same click, its
//   runs alternating with Willow's (goal, issue 27: Willow's p50 ≤ 1.5× the
//   bare page's). The commit and the machine's load are printed with them.
// - Seek to 50 % → playing again (currentTime moves past the target), p50
//   (goal ≤ 500 ms).
// - The movie page's first-load JavaScript (goal ≤ 125 KB gzip) and the code
//   the player loads when it opens (goal ≤ 250 KB gzip).
// Figures, not a timed test. The server allows 60 lookups a minute per
// client; each run makes one.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import zlib from 'node:zlib'
import { chromium, type Page } from '@playwright/test'
import { narrowLookup } from '../tests/support/narrow-lookup.ts'
import { firstLoadScripts } from '../tests/support/first-load-scripts.ts'
import { buildWillow, willowServerEnv } from './willow-server.ts'

const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const RUNS = Math.max(1, Number(args.get('runs') ?? 20))
const BUILD = args.get('no-build') !== 'true'
const PORT = Number(args.get('port') ?? 3711)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
// Its own build directory by default, so the benchmark never replaces the build tests run against.
const BUILD_DIR = path.resolve(args.get('build-dir') ?? path.join(os.tmpdir(), 'willow-bench-player-build'))
const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-player-data-'))
const ORIGIN = `http://127.0.0.1:${PORT}`
const MOVIE_PAGE = '/movies/10378-big-buck-bunny'

let server: ChildProcess | undefined
function cleanup() {
	if (server && server.exitCode === null) server.kill('SIGTERM')
	fs.rmSync(DATA_DIR, { recursive: true, force: true })
}
process.on('exit', cleanup)
process.on('SIGINT', () => process.exit(130))

async function waitForServer() {
	const deadline = Date.now() + 60_000
	while (Date.now() < deadline) {
		try {
			if ((await fetch(`${ORIGIN}/readyz`)).status < 500) return
		} catch {
			// not up yet
		}
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	throw new Error('the server did not start')
}

const gzipSize = async (url: string) =>
	zlib.gzipSync(Buffer.from(await (await fetch(new URL(url, ORIGIN))).arrayBuffer()), { level: 9 }).length

/** The JavaScript the server-rendered page loads first (the document's first-load scripts). */
async function firstLoadJs(urlPath: string) {
	const html = await (await fetch(`${ORIGIN}${urlPath}`)).text()
	const urls = firstLoadScripts(html)
	let gzip = 0
	for (const url of urls) gzip += await gzipSize(url)
	return { files: [...urls], gzip }
}

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`
const ms = (value: number) => `${Math.round(value)} ms`

/** The file Willow's player played in its last MP4 run: the bare page plays that same file (the same quality). */
let playedMp4Url: string | undefined

// In-page timing code, as text: tsx would wrap named functions of a
// page.evaluate callback in a helper the page does not have.
/** Presses Watch and resolves with the ms until the player's video has moved past 0, and the file it played. */
const FIRST_FRAME_SCRIPT = `new Promise((resolve, reject) => {
	const button = document.querySelector('main [data-testid="watch-button"]')
	const start = performance.now()
	button.click()
	const check = () => {
		const video = document.querySelector('video[data-testid="player-video"]')
		if (video && video.currentTime > 0) resolve({ ms: performance.now() - start, src: video.currentSrc })
		else if (performance.now() - start > 20000) reject(new Error('no frame within 20 s'))
		else requestAnimationFrame(check)
	}
	check()
})`

/** Seeks to the middle and resolves with the ms until playback moves past it (null when it does not within 10 s). */
const SEEK_SCRIPT = `new Promise((resolve) => {
	const video = document.querySelector('video[data-testid="player-video"]')
	if (!video || !Number.isFinite(video.duration) || video.duration <= 0) return resolve(null)
	const target = video.duration / 2
	const start = performance.now()
	video.currentTime = target
	const check = () => {
		if (!video.seeking && !video.paused && video.currentTime > target + 0.05) resolve(performance.now() - start)
		else if (performance.now() - start > 10000) resolve(null)
		else requestAnimationFrame(check)
	}
	check()
})`

/** A page with nothing but a button and a <video>: the button sets the MP4 as the source and plays it. */
const BARE_PAGE = '/__bench-bare-video'
function barePageHtml(src: string) {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>bare video</title></head><body>
<main><button type="button" data-testid="watch-button">Watch</button></main>
<div data-testid="player"><video data-testid="player-video" playsinline></video></div>
<script>
document.querySelector('button').addEventListener('click', () => {
	const video = document.querySelector('video')
	video.src = ${JSON.stringify(src)}
	void video.play()
})
</script></body></html>`
}

/** One bare run: open the bare page and time the same click to the first frame. */
async function bareRun(page: Page, src: string): Promise<number> {
	await page.route(`**${BARE_PAGE}`, (route) => route.fulfill({ contentType: 'text/html; charset=utf-8', body: barePageHtml(src) }))
	await page.goto(BARE_PAGE)
	return ((await page.evaluate(FIRST_FRAME_SCRIPT)) as { ms: number }).ms
}

interface RunResult {
	firstFrameMs: number
	seekMs: number | null
}

/** One run: open the page, wait for its lookup, press Watch, time the first frame, then a seek to the middle. */
async function run(page: Page): Promise<RunResult> {
	await page.goto(MOVIE_PAGE)
	const watch = page.locator('main').getByTestId('watch-button')
	await watch.and(page.locator('[data-phase="found"]')).waitFor({ timeout: 30_000 })
	const { ms: firstFrameMs, src } = (await page.evaluate(FIRST_FRAME_SCRIPT)) as { ms: number; src: string }
	if (src.includes('.mp4')) playedMp4Url = src
	const seekMs = (await page.evaluate(SEEK_SCRIPT)) as number | null
	return { firstFrameMs, seekMs }
}

async function main() {
	if (BUILD) {
		console.log('building…')
		buildWillow(BUILD_DIR)
	}
	server = spawn('node', ['server.js'], {
		stdio: ['ignore', 'ignore', 'inherit'],
		env: willowServerEnv({ buildDir: BUILD_DIR, port: PORT, dataDir: DATA_DIR }),
	})
	await waitForServer()

	const firstLoad = await firstLoadJs(MOVIE_PAGE)
	const browser = await chromium.launch({
		executablePath: CHROMIUM,
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--no-first-run',
			'--autoplay-policy=no-user-gesture-required',
			'--disable-background-networking',
		],
	})
	try {
		// The player's code: every script the page fetches once Watch is pressed.
		const context = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
		const page = await context.newPage()
		await page.goto(MOVIE_PAGE)
		await page.locator('main [data-testid="watch-button"][data-phase="found"]').waitFor({ timeout: 30_000 })
		const playerScripts = new Set<string>()
		page.on('request', (request) => {
			if (request.resourceType() === 'script') playerScripts.add(new URL(request.url()).pathname)
		})
		await page.locator('main').getByTestId('watch-button').click()
		await page.getByTestId('player').waitFor({ timeout: 30_000 })
		await page.waitForLoadState('networkidle')
		let playerGzip = 0
		const playerFiles: string[] = []
		for (const url of playerScripts) {
			const size = await gzipSize(url)
			playerGzip += size
			playerFiles.push(`${path.basename(url)} ${kb(size)}`)
		}
		await context.close()

		const results: Record<'file' | 'hls', RunResult[]> = { file: [], hls: [] }
		// A run that fails is counted and fails the bench: dropping it would report only the runs that worked.
		const failures: Record<'file' | 'hls' | 'bare', number> = { file: 0, hls: 0, bare: 0 }
		const bare: number[] = []
		for (const kind of ['file', 'hls'] as const) {
			for (let i = 0; i < RUNS; i++) {
				// A new context each run: nothing cached between runs but what a returning visitor's HTTP cache would hold anyway is gone too.
				const willowRun = async () => {
					const runContext = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
					const runPage = await runContext.newPage()
					await narrowLookup(runPage, kind)
					try {
						results[kind].push(await run(runPage))
					} catch (error) {
						failures[kind] += 1
						console.error(`${kind} run ${i + 1} failed: ${(error as Error).message}`)
					} finally {
						await runContext.close()
					}
				}
				const bareVideoRun = async () => {
					if (kind !== 'file' || !playedMp4Url) return
					const runContext = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 800 } })
					try {
						bare.push(await bareRun(await runContext.newPage(), playedMp4Url))
					} catch (error) {
						failures.bare += 1
						console.error(`bare run ${i + 1} failed: ${(error as Error).message}`)
					} finally {
						await runContext.close()
					}
				}
				// MP4 runs alternate with the bare page's, A-B then B-A, so neither always runs second.
				if (i % 2 === 0) {
					await willowRun()
					await bareVideoRun()
				} else {
					await bareVideoRun()
					await willowRun()
				}
			}
		}

		const commit = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8' }).stdout.trim()
		console.log(
			`\nWatch pressed → first frame (${RUNS} runs each; goal p50 ≤ 800 ms, p95 ≤ 1.5 s, MP4 p50 ≤ 1.5× the bare page's; commit ${commit}, load ${os.loadavg()[0]!.toFixed(2)})`,
		)
		for (const [kind, label] of [
			['file', 'MP4'],
			['hls', 'HLS'],
		] as const) {
			const times = results[kind].map((r) => r.firstFrameMs)
			const failed = failures[kind] > 0 ? `, ${failures[kind]} of ${RUNS} runs FAILED` : ''
			if (times.length === 0) console.log(`  ${label}: no successful run${failed}`)
			else console.log(`  ${label}: p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (${times.length} runs${failed})`)
		}
		if (failures.file + failures.hls + failures.bare > 0) process.exitCode = 1
		const mp4 = results.file.map((r) => r.firstFrameMs)
		if (bare.length > 0) {
			const ratio = mp4.length > 0 ? percentile(mp4, 50) / percentile(bare, 50) : Number.NaN
			console.log(
				`  bare <video>, same MP4 (${path.basename(new URL(playedMp4Url!).pathname)}) and click: p50 ${ms(percentile(bare, 50))}, p95 ${ms(percentile(bare, 95))} (${bare.length} runs); MP4 p50 ratio ${ratio.toFixed(2)} ${ratio <= 1.5 ? 'met' : 'missed'}`,
			)
		} else console.log('  bare <video>: no successful run (no MP4 address seen)')
		const seeks = [...results.file, ...results.hls].map((r) => r.seekMs).filter((v): v is number => v !== null)
		console.log(
			`Seek to 50 % → playing again (goal p50 ≤ 500 ms): ${seeks.length ? `p50 ${ms(percentile(seeks, 50))} (${seeks.length} seeks)` : 'no successful seek'}`,
		)
		console.log(`Movie page first-load JS: ${kb(firstLoad.gzip)} gzip in ${firstLoad.files.length} files (goal ≤ 125 KB)`)
		console.log(
			`Player code loaded on Watch: ${kb(playerGzip)} gzip in ${playerScripts.size} files (goal ≤ 250 KB): ${playerFiles.join(', ')}`,
		)
	} finally {
		await browser.close()
	}
}

main().then(
	() => process.exit(process.exitCode ?? 0),
	(error: unknown) => {
		console.error(error)
		process.exit(1)
	},
)
