import type { Config } from '@react-router/dev/config'

export default {
	ssr: true,
	// The Express app (server/app.ts) is the server bundle's entry, so the API,
	// the database and the page handler share one module graph and one pool.
	serverBuildFile: 'index.js',
	// Tests may build into their own folder so parallel builds do not collide.
	buildDirectory: process.env.WILLOW_BUILD_DIR ?? 'build',
} satisfies Config
