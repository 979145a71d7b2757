// node scripts/run-bundled.mjs <script.ts> [arguments…]
//
// Runs a TypeScript script with plain Node: esbuild bundles the script and the
// project's modules it imports (packages stay external, loaded from
// node_modules as usual) into node_modules/.cache/willow-scripts/, then this
// process imports the bundle. For the long-running owner commands whose memory
// counts (`npm run media:scan`): under tsx every module goes through Node 20's
// off-thread loader, which held about 85 MB more for the scan's modules
// (decision 0048). The project's code must run bundled, as it does in the
// production build: paths come from process.cwd() (npm runs scripts from the
// project's root) with import.meta.url only as a fallback.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build, stop } from 'esbuild'

const [script, ...rest] = process.argv.slice(2)
if (!script) {
	console.error('usage: node scripts/run-bundled.mjs <script.ts> [arguments…]')
	process.exit(2)
}
const root = path.resolve(import.meta.dirname, '..')
const entry = path.resolve(script)
const outfile = path.join(root, 'node_modules', '.cache', 'willow-scripts', `${path.basename(entry).replace(/\.[cm]?tsx?$/, '')}.mjs`)
fs.mkdirSync(path.dirname(outfile), { recursive: true })
await build({
	entryPoints: [entry],
	outfile,
	bundle: true,
	packages: 'external',
	platform: 'node',
	format: 'esm',
	target: `node${process.versions.node.split('.')[0]}`,
	logLevel: 'error',
})
// The esbuild service is a process of its own: not kept for the script's whole run.
await stop()
// The script sees its own path and arguments, as under tsx.
process.argv = [process.argv[0], entry, ...rest]
await import(pathToFileURL(outfile).href)
