import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { mediaCorpus } from './scripts/make-media-corpus.ts'

// End-to-end tests drive Debian's Chromium against the production build
// (scripts/test.sh builds it first). Each run gets a fresh data folder, so
// the demo catalogue is loaded from scratch and no state leaks between runs.
// A random port per run (unless E2E_PORT is set) lets several runs share a
// machine; workers inherit the choice through the environment.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 9_000) * 2)
process.env.E2E_DATA_DIR ??= path.join(os.tmpdir(), `willow-e2e-${process.pid}-${Date.now()}`)
const port = Number(process.env.E2E_PORT)
const canonicalPort = port + 1
const buildDir = process.env.WILLOW_BUILD_DIR ?? 'build'
const dataDir = process.env.E2E_DATA_DIR

// The 4K wizard's test (tests/e2e/four-k.spec.ts) needs a 4K token service:
// the reference one (npm run fourk:serve) on a folder made here with one
// title in it, on a port derived from E2E_PORT (outside the range E2E_PORT and
// its canonical neighbour come from, so parallel runs do not collide).
export const FOURK_TEST_TOKEN = 'eyJ0ZXN0IjoiZTJlIn0.willow-e2e-4k-token-for-the-reference-service'
const fourKPort = port + 20_000
// The live stats page (tests/e2e/stats-live.spec.ts) needs a server of its own:
// STATS_SOURCE=live on a fresh data folder that no other spec signs up to.
const statsLivePort = port + 20_001
const fourKDir = `${dataDir}-fourk`
fs.mkdirSync(fourKDir, { recursive: true })
// A real clip (the 720p sample, 30 s of H.264 + AAC) under the 4K name, so the player plays it (tests/e2e/owner-sources.spec.ts).
fs.copyFileSync(path.resolve('server/sources/sample/clips/sample-720.mp4'), path.join(fourKDir, 'movie-550.2160p.mp4'))

// The owner's sources end to end (tests/e2e/owner-sources.spec.ts): a real stremio-addon-sdk add-on on
// its own loopback address (a private address only an owner's add-on may use, decision 0023), named in
// STREMIO_ADDONS of a third app server, on another loopback address so that the other specs' lookups
// do not ask it. Same port numbers as E2E_PORT: the addresses keep parallel runs apart.
const ownerAddonOrigin = `http://127.0.0.2:${port}`
export const SOURCES_ORIGIN = `http://127.0.0.3:${port}`

// The media folder (tests/e2e/media-folder.spec.ts): one real encode from the media corpus
// (x264 defaults, keyframes ~10 s apart: remuxed), named as a demo-catalogue film no other spec plays.
export const MEDIA_FOLDER_MOVIE = { path: '/movies/155-the-dark-knight', tmdbId: 155, seconds: 30.03 }
const mediaDir = `${dataDir}-media`
const mediaFile = path.join(mediaDir, 'The Dark Knight (2008).mkv')
if (!fs.existsSync(mediaFile)) {
	fs.mkdirSync(mediaDir, { recursive: true })
	fs.copyFileSync(path.join(mediaCorpus(), 'Long GOP (2021).mkv'), mediaFile)
	// Older than the scan's "still being copied" window.
	const past = new Date(Date.now() - 60_000)
	fs.utimesSync(mediaFile, past, past)
}

// The transcode queue (tests/e2e/transcode-queue.spec.ts): two films only the media folder has, each the
// corpus's 10-bit HEVC with EAC3, which a browser cannot play: transcoded, so they wait for the one slot.
export const TRANSCODE_QUEUE_MOVIES = [
	{ path: '/movies/278-the-shawshank-redemption', file: 'The Shawshank Redemption (1994) {tmdb-278}.mkv' },
	{ path: '/movies/240-the-godfather-part-ii', file: 'The Godfather Part II (1974) {tmdb-240}.mkv' },
]
for (const movie of TRANSCODE_QUEUE_MOVIES) {
	const file = path.join(mediaDir, movie.file)
	if (fs.existsSync(file)) continue
	fs.copyFileSync(path.join(mediaCorpus(), 'HEVC 10-bit (2022).mkv'), file)
	const past = new Date(Date.now() - 60_000)
	fs.utimesSync(file, past, past)
}
/** Where the app server keeps its transcode slots (the spec holds one, as another process's transcode would). */
export const E2E_TRANSCODE_SLOTS = path.join(dataDir, 'hls-cache', '.transcode-slots')
/** The same for the app server at SOURCES_ORIGIN (an owner add-on's stream re-encoded by the stream proxy). */
export const E2E_SOURCES_TRANSCODE_SLOTS = path.join(`${dataDir}-sources`, 'hls-cache', '.transcode-slots')

const serverEnv = {
	NODE_ENV: 'production',
	WILLOW_BUILD_DIR: buildDir,
	WEB_CONCURRENCY: '1',
	LOG_LEVEL: 'warn',
	HOST: '127.0.0.1',
	TMDB_API_KEY: '',
	TMDB_READ_TOKEN: '',
	DATABASE_URL: '',
	REDIS_URL: '',
	ENABLE_TEST_ROUTES: 'true',
	// The donate page offers Bitcoin only (the other currencies have no address).
	DONATE_BTC: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
	// Every spec looks up streams from one address; the per-client limit is tested in integration tests.
	SOURCE_LOOKUPS_PER_MINUTE: '100000',
}

export default defineConfig({
	testDir: 'tests/e2e',
	testMatch: '**/*.spec.ts',
	fullyParallel: true,
	workers: process.env.CI ? 2 : 2,
	// A flaky test is fixed, not retried; a focused test (.only) fails the run instead of skipping the rest.
	retries: 0,
	forbidOnly: true,
	timeout: 30_000,
	// Waits, not limits: on a 2-core CI machine running two browsers and six servers, a page took 5 s to load
	// and a step 0.5-2 s. A test that measures a time says so with its own figure.
	expect: { timeout: 10_000 },
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL: `http://127.0.0.1:${port}`,
		trace: 'retain-on-failure',
		// The service worker's first install fetches the whole build; specs other than
		// tests/e2e/pwa.spec.ts (which allows it) test the pages themselves, without that load.
		serviceWorkers: 'block',
		launchOptions: {
			executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
			args: [
				'--no-sandbox',
				'--disable-gpu',
				'--disable-quic',
				'--no-first-run',
				'--disable-background-networking',
				'--disable-component-update',
				'--disable-sync',
			],
		},
	},
	projects: [
		// Tests tagged @mobile run on both; @mobile-only ones only on the phone.
		{ name: 'desktop', grepInvert: /@mobile-only|@quiet/, use: { viewport: { width: 1280, height: 800 } } },
		{
			name: 'mobile',
			grep: /@mobile/,
			grepInvert: /@quiet/,
			use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
		},
		// Tests that compare timings (@quiet) run after all others, one at a time, so no other test
		// loads the machine while they measure: a CI run with two workers made one side 1.8× slower.
		{
			name: 'quiet',
			grep: /@quiet/,
			dependencies: ['desktop', 'mobile'],
			workers: 1,
			use: { viewport: { width: 1280, height: 800 } },
		},
	],
	webServer: [
		{
			command: 'node server.js',
			url: `http://127.0.0.1:${port}/readyz`,
			reuseExistingServer: false,
			timeout: 120_000,
			// Two workers: playback (signed URLs, HLS jobs, the sample clips) must work whichever process answers.
			env: {
				...serverEnv,
				WEB_CONCURRENCY: '2',
				PORT: String(port),
				DATA_DIR: dataDir,
				FOURK_SERVICE_URL: `http://127.0.0.1:${fourKPort}`,
				MEDIA_DIR: mediaDir,
				MEDIA_ACCESS: 'everyone',
				// Longer than the default 8 s: a player that opens while a hung add-on's lookup is still
				// open proves it did not wait for it, even on a machine slow enough to take 8 s (sources.spec.ts).
				SOURCE_TIMEOUT_MS: '20000',
			},
		},
		{
			command: `npm run fourk:serve -- --dir ${fourKDir} --token ${FOURK_TEST_TOKEN} --port ${fourKPort}`,
			// 401 without a Ui-Token: up and speaking the protocol.
			url: `http://127.0.0.1:${fourKPort}/streams`,
			reuseExistingServer: false,
			timeout: 60_000,
		},
		{
			command: `npx tsx tests/support/owner-addon-serve.ts --host 127.0.0.2 --port ${port}`,
			url: `${ownerAddonOrigin}/manifest.json`,
			reuseExistingServer: false,
			timeout: 60_000,
		},
		{
			command: 'node server.js',
			url: `${SOURCES_ORIGIN}/readyz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: {
				...serverEnv,
				HOST: '127.0.0.3',
				PORT: String(port),
				DATA_DIR: `${dataDir}-sources`,
				STREMIO_ADDONS: `${ownerAddonOrigin}/manifest.json`,
				// The same folder with the default access (signed-in): what a signed-out visitor is told (tests/e2e/sources.spec.ts).
				MEDIA_DIR: mediaDir,
			},
		},
		{
			command: 'node server.js',
			url: `http://127.0.0.1:${canonicalPort}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: { ...serverEnv, PORT: String(canonicalPort), DATA_DIR: `${dataDir}-canonical`, CANONICAL_HOST: `localhost:${canonicalPort}` },
		},
		{
			command: 'node server.js',
			url: `http://127.0.0.1:${statsLivePort}/healthz`,
			reuseExistingServer: false,
			timeout: 120_000,
			env: { ...serverEnv, PORT: String(statsLivePort), DATA_DIR: `${dataDir}-stats-live`, STATS_SOURCE: 'live', STATS_CACHE_SECONDS: '0' },
		},
	],
})

export const CANONICAL_TEST_PORT = canonicalPort
export const STATS_LIVE_TEST_PORT = statsLivePort
