// npm run bench:long-tasks [-- --runs=3 --pages=home,bookmarks --no-build --build-dir=DIR --top=4 --against=DIR --whole]
//
// Where a browse page's main-thread time goes after its first paint (issue 27), in a form
// that is steadier than Lighthouse on a shared machine and says what to change. Lighthouse's
// mobile preset simulates a CPU 4× slower than this one, so a task of 12.5 ms here is a
// 50 ms long task there and adds 4 × d − 50 ms to its Total Blocking Time. This bench builds
// Willow with hidden source maps, loads each browse page in Debian's Chromium (fresh profile,
// phone viewport, unthrottled) with a Chromium trace, and prints:
//   - "TBT×4": the sum of 4 × d − 50 over the tasks after the first paint, median of --runs
//     loads (traced without the sampling profiler, which slows every task down); the same sum
//     over each task's thread time, which leaves out the time other processes held the core
//     (steadier for comparing two builds on a shared machine), and the main thread's CPU time;
//   - for one more load, traced with the sampling profiler, each such task: when it ran, how
//     long, and the functions and source files it spent its time in, mapped through the
//     source maps to the code that wrote them.
// With --against=DIR (another build's folder, built with `WILLOW_BUILD_DIR=DIR npx react-router build`), each
// run loads the page from both builds, in A-B then B-A order, and prints both medians: on a shared machine a
// build measured a few minutes after another can differ from it by a third with no change at all.
// It does not replace `npm run bench:lighthouse` (the goal is Lighthouse's), it explains it.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type CDPSession } from '@playwright/test'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { browsePages } from './browse-pages.ts'
import { benchStamp } from './stamp.ts'
import { buildWillow, willowServerEnv } from './willow-server.ts'

const args = new Map(
	process.argv.slice(2).map((arg) => {
		const [key, value] = arg.replace(/^--/, '').split('=')
		return [key!, value ?? 'true'] as const
	}),
)
const RUNS = Math.max(1, Number(args.get('runs') ?? 3))
const TOP = Math.max(1, Number(args.get('top') ?? 4))
const ONLY = args.get('pages')?.split(',')
/** Also print where the time of all tasks after the first paint went, summed. */
const WHOLE = args.has('whole')
const PORT = Number(args.get('port') ?? 3711)
const BUILD_DIR = path.resolve(args.get('build-dir') ?? path.join(os.tmpdir(), 'willow-bench-long-tasks-build'))
const AGAINST_DIR = args.has('against') ? path.resolve(args.get('against')!) : undefined
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
/** Lighthouse's mobile preset: simulated CPU slowdown, and what makes a task long. */
const SLOWDOWN = 4
const LONG_MS = 50

const DATA_DIR = fs.mkdtempSync(path.join(os.tmpdir(), 'willow-bench-long-tasks-data-'))
const servers: ChildProcess[] = []
process.on('exit', () => {
	for (const server of servers) server.kill('SIGTERM')
	fs.rmSync(DATA_DIR, { recursive: true, force: true })
})
process.on('SIGINT', () => process.exit(130))

interface TraceEvent {
	name: string
	ph: string
	pid: number
	tid: number
	ts: number
	dur?: number
	/** Thread (CPU) time of a complete event: what the task ran, without the time another process had the core. */
	tdur?: number
	id?: string
	args?: { name?: string; frame?: string; data?: Record<string, unknown> }
}
/** A thread of a process in the trace. */
interface Thread {
	pid: number
	tid: number
}
interface CallFrame {
	functionName: string
	url: string
	lineNumber: number
	columnNumber: number
}
interface ProfileNode {
	id: number
	parent?: number
	callFrame: CallFrame
}
interface Task {
	start: number
	duration: number
	cpu: number
}

async function trace(origin: string, urlPath: string, sample: boolean): Promise<TraceEvent[]> {
	const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] })
	try {
		const context = await browser.newContext({
			viewport: { width: 412, height: 823 },
			isMobile: true,
			hasTouch: true,
			deviceScaleFactor: 1.75,
		})
		const page = await context.newPage()
		const cdp: CDPSession = await context.newCDPSession(page)
		const events: TraceEvent[] = []
		cdp.on('Tracing.dataCollected', (message) => events.push(...(message.value as unknown as TraceEvent[])))
		const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing']
		if (sample) categories.push('disabled-by-default-v8.cpu_profiler')
		await cdp.send('Tracing.start', { categories: categories.join(','), options: 'sampling-frequency=10000' })
		await page.goto(origin + urlPath, { waitUntil: 'load' })
		await page.waitForLoadState('networkidle')
		// Long enough for the idle-time work decision 0049 defers (idle callbacks, 3 s at most).
		await page.waitForTimeout(3_500)
		const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
		await cdp.send('Tracing.end')
		await complete
		return events
	} finally {
		await browser.close()
	}
}

/** The page's main thread, its long-enough tasks after the first paint, and the time base. */
function mainThreadTasks(events: TraceEvent[], url: string) {
	const request = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === url)
	if (!request) throw new Error(`no request for ${url} in the trace`)
	// The renderer thread that started the page's document: the request's process can be another
	// (the browser's, or a renderer that also ran Chromium's own pages, whose tasks a run once counted).
	const navigation = events.find(
		(e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url && e.args.data.isLoadingMainFrame === true,
	)
	const thread: Thread | undefined = navigation
		? { pid: navigation.pid, tid: navigation.tid }
		: events.find((e) => e.name === 'thread_name' && e.pid === request.pid && e.args?.name === 'CrRendererMain')
	if (!thread) throw new Error('no renderer main thread in the trace')
	const paint = events.find(
		(e) => e.name === 'firstContentfulPaint' && e.pid === thread.pid && (!navigation || e.args?.frame === navigation.args?.frame),
	)
	const firstPaint = paint?.ts ?? request.ts
	const all: Task[] = events
		.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.name === 'RunTask' && e.ts >= firstPaint)
		.map((e) => ({ start: e.ts, duration: e.dur ?? 0, cpu: e.tdur ?? e.dur ?? 0 }))
	const tasks = all.filter((task) => (task.duration / 1000) * SLOWDOWN > LONG_MS)
	return { thread, t0: request.ts, firstPaint, tasks, all }
}

/** Σ 4·d − 50 over the long tasks, d the task's wall time (as Lighthouse counts) or its thread time. */
const blocking = (tasks: Task[], time: (task: Task) => number = (task) => task.duration) =>
	tasks.reduce((sum, task) => sum + Math.max(0, (time(task) / 1000) * SLOWDOWN - LONG_MS), 0)

/** Maps minified frames back to their sources through the build's source maps. */
function frameMapper() {
	const maps = new Map<string, TraceMap | null>()
	return (frame: CallFrame): { name: string; source: string } => {
		const file = frame.url.split('/').pop() ?? ''
		const mapFile = path.join(BUILD_DIR, 'client', 'assets', `${file}.map`)
		if (!maps.has(mapFile)) maps.set(mapFile, fs.existsSync(mapFile) ? new TraceMap(fs.readFileSync(mapFile, 'utf8')) : null)
		const map = maps.get(mapFile)
		if (!map) return { name: frame.functionName || '(anonymous)', source: file || '(native)' }
		try {
			const position = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber })
			const source = position.source
				? path.relative(process.cwd(), path.resolve(path.dirname(mapFile), position.source)).replace(/^node_modules\//, '')
				: file
			return { name: position.name ?? (frame.functionName || '(anonymous)'), source: `${source}:${position.line ?? '?'}` }
		} catch {
			return { name: frame.functionName || '(anonymous)', source: file }
		}
	}
}

/** Self time by function and inclusive time by source file, per task, from the sampling profile. */
function attribute(events: TraceEvent[], thread: Thread, tasks: Task[]) {
	const profile = events.find((e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid)
	if (!profile) return tasks.map(() => ({ functions: [], files: [], app: [] }))
	const nodes = new Map<number, ProfileNode>()
	const samples: Array<{ node: number; ts: number }> = []
	let ts = Number((profile.args?.data as { startTime?: number } | undefined)?.startTime ?? 0)
	// Profile ids are per process: Chromium's own pages (a WebUI renderer) number theirs the same.
	for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id)) {
		const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
		for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
		const deltas = data.timeDeltas ?? []
		for (const [i, node] of (data.cpuProfile?.samples ?? []).entries()) {
			ts += deltas[i] ?? 0
			samples.push({ node, ts })
		}
	}
	const map = frameMapper()
	const top = (totals: Map<string, number>) =>
		[...totals]
			.sort((a, b) => b[1] - a[1])
			.slice(0, TOP)
			.map(([key, us]) => `${(us / 1000).toFixed(1)} ${key}`)
	return tasks.map((task) => {
		const self = new Map<string, number>()
		const files = new Map<string, number>()
		const app = new Map<string, number>()
		let previous = task.start
		for (const sample of samples.filter((s) => s.ts >= task.start && s.ts <= task.start + task.duration)) {
			const us = sample.ts - previous
			previous = sample.ts
			const seen = new Set<string>()
			const seenApp = new Set<string>()
			for (let id: number | undefined = sample.node, depth = 0; id !== undefined; id = nodes.get(id)?.parent, depth++) {
				const frame = nodes.get(id)?.callFrame
				if (!frame || (!frame.url && depth > 0)) continue
				const { name, source } = frame.url ? map(frame) : { name: frame.functionName, source: '' }
				if (depth === 0 && name !== '(idle)' && name !== '(root)')
					self.set(`${name} ${source}`.trim(), (self.get(`${name} ${source}`.trim()) ?? 0) + us)
				const file = source.replace(/:[^:]*$/, '')
				// Our own functions, inclusive: which component or store the time was spent under.
				const key = `${name} ${source}`
				if (source.startsWith('app/') && !seenApp.has(key)) {
					seenApp.add(key)
					app.set(key, (app.get(key) ?? 0) + us)
				}
				if (file && !seen.has(file)) {
					seen.add(file)
					files.set(file, (files.get(file) ?? 0) + us)
				}
			}
		}
		return { functions: top(self), files: top(files), app: top(app) }
	})
}

/** The longest trace events inside a task (layout, style, parsing, script…): what "(program)" time was. */
function inside(events: TraceEvent[], thread: Thread, task: Task) {
	return events
		.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === 'X' && e.name !== 'RunTask')
		.filter((e) => e.ts >= task.start && e.ts < task.start + task.duration && (e.dur ?? 0) >= 2_000)
		.sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0))
		.slice(0, TOP)
		.map((e) => `${e.name} ${((e.dur ?? 0) / 1000).toFixed(0)}`)
		.join(', ')
}

/** Per run: Σ 4·d − 50 by wall time (as Lighthouse counts), the same by thread time, and the main thread's CPU time. */
interface Totals {
	wall: number[]
	cpu: number[]
	work: number[]
}
const newTotals = (): Totals => ({ wall: [], cpu: [], work: [] })

// The same sum over thread time: a task the machine's other processes delayed counts what it ran. Steadier
// for comparing two builds on a shared machine; Lighthouse itself counts wall time.
function measure(totals: Totals, { tasks, all }: { tasks: Task[]; all: Task[] }) {
	totals.wall.push(blocking(tasks))
	totals.cpu.push(blocking(all, (task) => task.cpu))
	totals.work.push(all.reduce((sum, task) => sum + task.cpu / 1000, 0))
}

/** Starts the production server on a build and waits until it answers; returns its origin. */
async function startServer(buildDir: string, port: number): Promise<string> {
	const dataDir = fs.mkdtempSync(path.join(DATA_DIR, 'server-'))
	servers.push(
		spawn('node', ['server.js'], {
			stdio: ['ignore', 'ignore', 'inherit'],
			env: willowServerEnv({ buildDir, port, dataDir }),
		}),
	)
	const origin = `http://127.0.0.1:${port}`
	const deadline = Date.now() + 180_000
	while (
		!(await fetch(`${origin}/readyz`).then(
			(r) => r.ok,
			() => false,
		))
	) {
		if (Date.now() > deadline) throw new Error(`the server on ${buildDir} did not start`)
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
	return origin
}

async function main() {
	if (args.get('no-build') !== 'true') {
		console.log('building Willow with hidden source maps…')
		buildWillow(BUILD_DIR, ['--sourcemapClient=hidden'])
	}
	const origin = await startServer(BUILD_DIR, PORT)
	const against = AGAINST_DIR ? await startServer(AGAINST_DIR, PORT + 1) : undefined
	const { pages } = await browsePages(async (urlPath) => (await fetch(origin + urlPath)).json())
	console.log(
		`\nmain-thread tasks after the first paint that Lighthouse's ${SLOWDOWN}× slowdown makes long (≥ ${LONG_MS / SLOWDOWN} ms here); TBT×4 = Σ ${SLOWDOWN}·d − ${LONG_MS} ms, median of ${RUNS} (${benchStamp()})`,
	)
	for (const [label, urlPath] of pages) {
		if (ONLY && !ONLY.some((only) => label.startsWith(only))) continue
		// A browser's visit first, so the server's page cache is warm as on a visited site.
		await trace(origin, urlPath, false)
		if (against) await trace(against, urlPath, false)
		const measured = { this: newTotals(), against: newTotals() }
		for (let run = 0; run < RUNS; run++) {
			const order: Array<['this' | 'against', string]> = [['this', origin]]
			if (against) order[run % 2 === 0 ? 'push' : 'unshift'](['against', against])
			for (const [which, at] of order) measure(measured[which], mainThreadTasks(await trace(at, urlPath, false), at + urlPath))
		}
		const median = (list: number[]) => Math.round([...list].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!)
		const list = (values: number[]) =>
			`[${[...values]
				.sort((a, b) => a - b)
				.map(Math.round)
				.join(', ')}]`
		const summary = (totals: Totals) =>
			`TBT×4 ${median(totals.wall)} ms ${list(totals.wall)}; by thread time ${median(totals.cpu)} ms ${list(totals.cpu)}; main-thread CPU after the first paint ${median(totals.work)} ms`
		if (against) console.log(`\n${label} (${urlPath}), the build --against (${AGAINST_DIR}): ${summary(measured.against)}`)
		const events = await trace(origin, urlPath, true)
		const { thread, t0, tasks, all } = mainThreadTasks(events, origin + urlPath)
		console.log(`${against ? '' : '\n'}${label} (${urlPath}): ${summary(measured.this)}; sampled load:`)
		for (const [i, where] of attribute(events, thread, tasks).entries()) {
			const task = tasks[i]!
			console.log(
				`  at ${Math.round((task.start - t0) / 1000)} ms, ${(task.duration / 1000).toFixed(0)} ms: ${inside(events, thread, task)}`,
			)
			if (where.functions.length) console.log(`    self:  ${where.functions.join(' · ')}`)
			if (where.files.length) console.log(`    files: ${where.files.join(' · ')}`)
			if (where.app.length) console.log(`    app:   ${where.app.join(' · ')}`)
		}
		if (WHOLE && all.length) {
			// Every task after the first paint as one: where the page's main-thread time went in all.
			const last = all[all.length - 1]!
			const [where] = attribute(events, thread, [{ start: all[0]!.start, duration: last.start + last.duration - all[0]!.start, cpu: 0 }])
			console.log(`  all tasks after the first paint:`)
			console.log(`    self:  ${where!.functions.join(' · ')}`)
			console.log(`    files: ${where!.files.join(' · ')}`)
			console.log(`    app:   ${where!.app.join(' · ')}`)
		}
	}
}

main().then(
	() => process.exit(0),
	(error: unknown) => {
		console.error(error)
		process.exit(1)
	},
)
