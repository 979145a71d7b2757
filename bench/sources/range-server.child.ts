// One side of the range bench (bench/sources/range.ts), in a process of its own
// so neither server shares an event loop or a heap with the other or with the
// client:
//   willow: Willow's API app (createApp: request log, security headers, the
//     whole /api router) on SQLite in DATA_DIR, MEDIA_DIR indexed, the signed
//     file URL of its one video (the parent sets the environment);
//   bare <file>: node:http and fs.createReadStream, with Range, nothing else.
// Writes {"url": …} on file descriptor 3 when listening; runs until killed.
import fs from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { getDatabase, migrateToLatest } from '../../server/db/db.server.ts'
import { createApp } from '../../server/create-app.server.ts'
import { scanMediaFolder } from '#server/sources/media-folder/index.server.ts'
import { MEDIA_FOLDER_STREAM_BASE } from '#server/sources/media-folder/media-folder-source.server.ts'
import { signPath } from '../../server/sources/signing.server.ts'
import { parseByteRange } from './range-plan.ts'

function ready(server: http.Server, urlPath: string) {
	const { port } = server.address() as AddressInfo
	fs.writeSync(3, `${JSON.stringify({ url: `http://127.0.0.1:${port}${urlPath}` })}\n`)
}

async function willow() {
	await migrateToLatest(getDatabase())
	await scanMediaFolder()
	const rows = await getDatabase().db.selectFrom('media_files').select('id').execute()
	if (rows.length !== 1) throw new Error(`the media folder should hold one video, the index has ${rows.length}`)
	const server = createApp().listen(0, '127.0.0.1', () => {
		void signPath(`${MEDIA_FOLDER_STREAM_BASE}/${rows[0]!.id}/file`).then((signed) => ready(server, signed))
	})
}

function bare(file: string) {
	const size = fs.statSync(file).size
	const server = http.createServer((req, res) => {
		const range = parseByteRange(req.headers.range, size)
		if (range === 'unsatisfiable') {
			res.writeHead(416, { 'content-range': `bytes */${size}` }).end()
			return
		}
		const { start, end } = range ?? { start: 0, end: size - 1 }
		res.writeHead(range ? 206 : 200, {
			'content-type': 'video/mp4',
			'accept-ranges': 'bytes',
			'content-length': end - start + 1,
			...(range ? { 'content-range': `bytes ${start}-${end}/${size}` } : {}),
		})
		fs.createReadStream(file, { start, end }).pipe(res)
	})
	server.listen(0, '127.0.0.1', () => ready(server, '/'))
}

const [mode, file] = process.argv.slice(2)
if (mode === 'willow') await willow()
else if (mode === 'bare' && file) bare(file)
else throw new Error('usage: range-server.child.ts willow | bare <file>')
