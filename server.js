// Production launcher: runs the built server bundle (npm run build first).
// WILLOW_BUILD_DIR lets tests run a build made in another folder.
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build')
const { main } = await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)
main().catch((error) => {
	console.error(error)
	process.exit(1)
})
