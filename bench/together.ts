// npm run bench:together [-- --seconds=60 --workers=2]
//
// Drift between three members of one watch-together room: the production
// build (WILLOW_BUILD_DIR, default build/; build it first) with --workers
// cluster workers (rooms relayed through the cluster primary), three
// Chromium contexts signed in as three users, all in one room on the Big Buck
// Bunny sample. The room plays for --seconds (the 30 s clip is sent back to
// 1 s by a member before its end, as a viewer would seek; samples in the 4 s
// after each seek are left out). Four times a second each page records its
// video's currentTime with the time it read it (Date.now(), one clock on one
// machine), positions are brought to one instant, and the spread (latest −
// earliest member) is kept. Prints the spread's p50/p95/max; goal p95 ≤ 0.3 s.
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { startServerProcess } from '#tests/support/servers.ts'

const args = new Map(process.argv.slice(2).map((arg) => arg.replace(/^--/, '').split('=') as [string, string | undefined]))
const SECONDS = Number(args.get('seconds') ?? 60)
const WORKERS = String(args.get('workers') ?? 2)
const TITLE = '/movies/10378-big-buck-bunny?play=true'

function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

const server = await startServerProcess({ WEB_CONCURRENCY: WORKERS, SOURCE_LOOKUPS_PER_MINUTE: '100000' }, { timeoutMs: 180_000 })
const browser = await chromium.launch({
	executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
	args: ['--no-sandbox', '--disable-gpu', '--autoplay-policy=no-user-gesture-required'],
})
try {
	const contexts: BrowserContext[] = []
	const pages: Page[] = []
	for (const name of ['ann', 'sam', 'kim']) {
		const context = await browser.newContext()
		const tag = `${Date.now().toString(36)}${contexts.length}`
		const response = await context.request.post(`${server.origin}/api/auth/signup`, {
			data: {
				username: `${name}${tag}`,
				email: `${name}.${tag}@example.com`,
				password: 'bench password',
				passwordConfirm: 'bench password',
			},
		})
		if (response.status() !== 201) throw new Error(`sign-up failed: ${response.status()}`)
		contexts.push(context)
		pages.push(await context.newPage())
	}
	const [first, ...others] = pages as [Page, ...Page[]]
	await first.goto(`${server.origin}${TITLE}`)
	await first.getByTestId('together-button').click({ timeout: 30_000 })
	await first.getByTestId('together-start').click()
	const link = await first.getByTestId('together-link').inputValue()
	for (const page of others) {
		await page.goto(link)
		await page.getByTestId('player').waitFor({ timeout: 30_000 })
	}
	await first
		.getByTestId('together-status')
		.filter({ hasText: /^Watching together · 3/ })
		.waitFor({ timeout: 60_000 })
	const video = (page: Page) => page.getByTestId('player-video')
	await video(first).evaluate((element: HTMLVideoElement) => void element.play())

	const spreads: number[] = []
	let lastSeekAt = Date.now()
	const until = Date.now() + SECONDS * 1000
	while (Date.now() < until) {
		await new Promise((resolve) => setTimeout(resolve, 250))
		const readings = await Promise.all(
			pages.map((page) =>
				video(page).evaluate((element: HTMLVideoElement) => ({
					at: Date.now(),
					time: element.currentTime,
					rate: element.playbackRate,
					playing: !element.paused,
				})),
			),
		)
		if (readings.some((reading) => reading.time > 26)) {
			await video(first).evaluate((element: HTMLVideoElement) => {
				element.currentTime = 1
			})
			lastSeekAt = Date.now()
			continue
		}
		if (Date.now() - lastSeekAt < 4000 || readings.some((reading) => !reading.playing)) continue
		const instant = Math.max(...readings.map((reading) => reading.at))
		const positions = readings.map((reading) => reading.time + ((instant - reading.at) / 1000) * reading.rate)
		spreads.push(Math.max(...positions) - Math.min(...positions))
	}
	const format = (seconds: number) => `${(seconds * 1000).toFixed(0)} ms`
	console.log(`watch together: 3 members, ${WORKERS} worker(s), ${SECONDS} s, ${spreads.length} samples while playing`)
	console.log(
		`drift between members: p50 ${format(percentile(spreads, 50))}, p95 ${format(percentile(spreads, 95))}, max ${format(Math.max(...spreads))}`,
	)
	const p95 = percentile(spreads, 95)
	console.log(`${p95 <= 0.3 ? 'ok  ' : 'FAIL'} p95 ≤ 300 ms`)
	for (const context of contexts) await context.close()
	process.exitCode = p95 <= 0.3 ? 0 : 1
} finally {
	await browser.close()
	await server.stop()
}
