import type { Config } from '@react-router/dev/config'

// The smallest server-rendered React Router app: the baseline bench:pages compares Willow's pages with.
export default {
	ssr: true,
	buildDirectory: process.env.MINIMAL_BUILD_DIR ?? '/tmp/willow-bench-minimal',
} satisfies Config
