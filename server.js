// Production launcher: runs the built server bundle (npm run build first).
import { main } from './build/server/index.js'

main().catch((error) => {
	console.error(error)
	process.exit(1)
})
