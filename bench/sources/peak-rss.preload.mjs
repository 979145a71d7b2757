// Preloaded (NODE_OPTIONS=--import=…) by bench/sources/matching.ts into every
// Node process `npm run media:scan` starts (npm's own, a launcher's, the
// scan's): each writes its script, peak RSS and heap limit to a file of its own
// in BENCH_PEAK_RSS_DIR as it exits, and the bench takes the biggest, the
// scanning process. maxRSS is the kernel's high-water mark of the process,
// whatever happened between samples. Plain JavaScript: it loads before any
// TypeScript loader.
import fs from 'node:fs'
import path from 'node:path'
import v8 from 'node:v8'

const dir = process.env.BENCH_PEAK_RSS_DIR
if (dir) {
	const script = process.argv[1]
	process.on('exit', () => {
		const record = { script, peakBytes: process.resourceUsage().maxRSS * 1024, heapLimitBytes: v8.getHeapStatistics().heap_size_limit }
		fs.writeFileSync(path.join(dir, `${process.pid}.json`), JSON.stringify(record))
	})
}
