// A second process for the cross-process test of hls.server.ts: serves
// segments of one file (argv[2], cache key argv[3]) in remux mode on an
// ephemeral port, and reports how many ffmpeg it started. Run with tsx.
import type { AddressInfo } from 'node:net'
import express from 'express'
import { probeMedia, type MediaInput } from './ffmpeg.server.ts'
import { hlsCountersForTests, serveHlsSegment, stopAllHlsJobs } from './hls.server.ts'

const input: MediaInput = { kind: 'file', path: process.argv[2]!, cacheKey: process.argv[3]! }
const app = express()
app.get('/seg/:index', async (req, res) => {
	await serveHlsSegment(input, await probeMedia(input), 'remux', Number(req.params.index), req, res)
})
app.get('/spawned', (_req, res) => {
	res.json({ spawned: hlsCountersForTests.spawned, pid: process.pid })
})
const server = app.listen(0, '127.0.0.1', () => {
	process.stdout.write(`${(server.address() as AddressInfo).port}\n`)
})
process.on('SIGTERM', () => {
	stopAllHlsJobs()
	server.close(() => process.exit(0))
})
