// tsx tests/support/owner-addon-serve.ts --host 127.0.0.2 --port 41234
// An owner's Stremio add-on for the end-to-end suite: a real stremio-addon-sdk add-on
// (builder and router under express) on its own loopback address and port, with the
// media it points at on the same host: The Matrix as a real MP4 clip (the 480p sample
// clip, 30 s of H.264 + AAC), and Forrest Gump as the media corpus's 10-bit HEVC + EAC3
// MKV (re-encoded by the stream proxy). The outbound
// rules let only an owner's add-on use a private address (decision 0023), so
// playwright.config.ts names it in STREMIO_ADDONS.
import { createRequire } from 'node:module'
import path from 'node:path'
import { parseArgs } from 'node:util'
import express from 'express'
import type * as StremioAddonSdk from 'stremio-addon-sdk'
import { mediaCorpus } from '../../scripts/make-media-corpus.ts'
import { OWNER_ADDON_IMDB, OWNER_ADDON_NAME, OWNER_ADDON_STREAM_TITLE, OWNER_ADDON_TRANSCODED } from './owner-addon.ts'

// The SDK is CommonJS without named ESM exports: loaded the CommonJS way when run by tsx.
const { addonBuilder, getRouter } = createRequire(import.meta.url)('stremio-addon-sdk') as typeof StremioAddonSdk

const { values } = parseArgs({
	options: { host: { type: 'string', default: '127.0.0.2' }, port: { type: 'string', default: '0' } },
	allowPositionals: false,
})
const host = values.host!
const port = Number(values.port)
const clip = path.resolve(import.meta.dirname, '../../server/sources/sample/clips/sample-480.mp4')
const hevc = path.join(mediaCorpus(), 'HEVC 10-bit (2022).mkv')

const app = express()
const origin = () => `http://${host}:${(server.address() as { port: number }).port}`
app.get('/media/the-matrix.mp4', (_req, res) => res.sendFile(clip, { headers: { 'Content-Type': 'video/mp4' } }))
app.get('/media/forrest-gump.mkv', (_req, res) =>
	res.sendFile(hevc, { dotfiles: 'allow', headers: { 'Content-Type': 'video/x-matroska' } }),
)

const builder = new addonBuilder({
	id: 'org.willow.owner-test',
	version: '1.0.0',
	name: OWNER_ADDON_NAME,
	resources: ['stream'],
	types: ['movie', 'series'],
	idPrefixes: ['tt'],
	catalogs: [],
})
builder.defineStreamHandler(async ({ type, id }) => ({
	streams:
		type !== 'movie'
			? []
			: id === OWNER_ADDON_IMDB
				? [{ url: `${origin()}/media/the-matrix.mp4`, name: 'Owner Test', title: OWNER_ADDON_STREAM_TITLE }]
				: id === OWNER_ADDON_TRANSCODED.imdb
					? [{ url: `${origin()}/media/forrest-gump.mkv`, name: 'Owner Test', title: OWNER_ADDON_TRANSCODED.title }]
					: [],
}))
app.use(getRouter(builder.getInterface()))

const server = app.listen(port, host, () => {
	console.log(`owner add-on on ${origin()}/manifest.json`)
})
const stop = () => server.close(() => process.exit(0))
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
