import path from 'node:path'
import type { Config } from '@react-router/dev/config'
import { buildServiceWorker } from './scripts/build-service-worker.ts'
import { precompressAssets } from './scripts/precompress-assets.ts'

export default {
	ssr: true,
	// The Express app (server/app.ts) is the server bundle's entry, so the API,
	// the database and the page handler share one module graph and one pool.
	serverBuildFile: 'index.js',
	// Every route's manifest entry ships with the page (2 KB gzip) rather than being fetched
	// after hydration, which re-rendered the whole page once it came (decision 0058).
	routeDiscovery: { mode: 'initial' },
	// Tests may build into their own folder so parallel builds do not collide.
	buildDirectory: process.env.WILLOW_BUILD_DIR ?? 'build',
	// The service worker lists the client files, so it is built once they exist (docs/decisions/0030);
	// then the hashed assets get their compressed copies (decision 0070), which it does not list.
	async buildEnd({ reactRouterConfig }) {
		const clientDir = path.join(reactRouterConfig.buildDirectory, 'client')
		await buildServiceWorker({
			root: reactRouterConfig.appDirectory ? path.dirname(reactRouterConfig.appDirectory) : process.cwd(),
			clientDir,
		})
		await precompressAssets(path.join(clientDir, 'assets'))
	},
} satisfies Config
