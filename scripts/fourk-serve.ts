// npm run fourk:serve -- --dir <folder> --token <token> [--port 8787] [--host 127.0.0.1]
// Runs the reference 4K token service (server/sources/token/reference-service.ts)
// on a folder of files named by TMDB id; point FOURK_SERVICE_URL at it.
import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { isAcceptableToken } from '../server/sources/token/protocol.ts'
import { startReferenceService } from '../server/sources/token/reference-service.ts'

const usage = 'Usage: npm run fourk:serve -- --dir <folder> --token <token> [--port 8787] [--host 127.0.0.1]'

let values: { dir?: string; token?: string; port?: string; host?: string }
try {
	values = parseArgs({
		options: {
			dir: { type: 'string' },
			token: { type: 'string' },
			port: { type: 'string', default: '8787' },
			host: { type: 'string', default: '127.0.0.1' },
		},
		allowPositionals: false,
	}).values
} catch (error) {
	console.error(`${(error as Error).message}\n${usage}`)
	process.exit(2)
}

const port = Number(values.port)
if (!values.dir || !values.token || !Number.isInteger(port) || port < 0 || port > 65535) {
	console.error(usage)
	process.exit(2)
}
if (!fs.statSync(values.dir, { throwIfNoEntry: false })?.isDirectory()) {
	console.error(`Not a folder: ${values.dir}`)
	process.exit(2)
}
if (!isAcceptableToken(values.token)) {
	// Willow's wizard refuses such tokens (product.md §5), so nobody could use this service.
	console.error('The token must be at least 50 characters long and contain "ey".')
	process.exit(2)
}

const service = await startReferenceService({ dir: values.dir, token: values.token, port, host: values.host })
// The token is not printed: it is a credential.
console.log(`4K token service on ${service.url} serving ${values.dir}`)
const stop = () => {
	void service.close().then(() => process.exit(0))
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
