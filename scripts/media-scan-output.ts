// What `npm run media:scan` prints, kept apart from the scan so it is tested
// on its own: the report as text or JSON, and progress that reads on a
// terminal (one bar redrawn) and on a plain pipe or log file (a line per 5 %).
import type { MatchedFile, ScanReport } from '../server/sources/media-folder/index.server.ts'

function titleOf(match: MatchedFile): string {
	const title = match.year ? `${match.title} (${match.year})` : match.title
	if (match.type === 'movie') return title
	const where = [match.season !== null ? `season ${match.season}` : null, match.episode !== null ? `episode ${match.episode}` : null]
	return [title, ...where.filter(Boolean)].join(', ')
}

/** The report as an owner reads it: every match (file → title), then everything not matched, with its reason. */
export function formatScanReport(report: ScanReport): string {
	const lines: string[] = []
	lines.push(`Matched: ${report.matched}`)
	for (const match of [...report.matches].sort((a, b) => a.path.localeCompare(b.path))) lines.push(`  ${match.path} → ${titleOf(match)}`)
	const list = (title: string, items: Array<{ path: string; reason: string }>) => {
		lines.push(`${title}: ${items.length}`)
		for (const item of [...items].sort((a, b) => a.path.localeCompare(b.path))) lines.push(`  ${item.path}: ${item.reason}`)
	}
	list('Unmatched', report.unmatched)
	list('Ambiguous', report.ambiguous)
	list('Skipped', report.skipped)
	if (report.removed) lines.push(`Removed from the index: ${report.removed}`)
	return `${lines.join('\n')}\n`
}

/** The report for machines (`--json`): the same lists, one object. */
export function scanReportJson(report: ScanReport): string {
	return `${JSON.stringify({
		matched: report.matches,
		unmatched: report.unmatched,
		ambiguous: report.ambiguous,
		skipped: report.skipped,
		removed: report.removed,
	})}\n`
}

const BAR = 30

/**
 * A progress callback for scanMediaFolder. On a terminal, one bar redrawn in
 * place; otherwise a line each time another 5 % is done (and at the end), so
 * a pipe or a log file shows progress without thousands of lines.
 */
export function progressPrinter(write: (text: string) => void, terminal: boolean) {
	let lastStep = 0
	return (done: number, total: number) => {
		if (terminal) {
			const filled = total === 0 ? BAR : Math.round((done / total) * BAR)
			write(`\r[${'#'.repeat(filled)}${'-'.repeat(BAR - filled)}] ${done}/${total}${done === total ? '\n' : ''}`)
			return
		}
		const step = total === 0 ? 20 : Math.floor((done / total) * 20)
		if (step <= lastStep) return
		lastStep = step
		write(`scanned ${done}/${total} (${total === 0 ? 100 : Math.floor((done / total) * 100)} %)\n`)
	}
}
