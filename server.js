// Production launcher: runs the built server bundle (npm run build first).
// WILLOW_BUILD_DIR lets tests run a build made in another folder.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'

const buildDir = path.resolve(process.env.WILLOW_BUILD_DIR ?? 'build')
// A build outside the project still needs the project's packages to resolve.
const modulesLink = path.join(buildDir, 'node_modules')
if (path.relative(process.cwd(), buildDir).startsWith('..') && !fs.existsSync(modulesLink)) {
	fs.symlinkSync(path.resolve('node_modules'), modulesLink, 'dir')
}
const { main } = await import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)
main().catch((error) => {
	console.error(error)
	process.exit(1)
})
