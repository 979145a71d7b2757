import { HttpError } from '../../http/errors.server.ts'
import { parseImportItem, type ImportItem } from '../import-schema.ts'
import type { LiveCatalog } from '../live.server.ts'
import { mapLimit } from '../../concurrency/map-limit.ts'
import { parseCatalogRoute } from '../tmdb-paths.ts'
import { compareWithTmdb, type Difference } from './check.ts'

export interface TitleCheck {
	media: 'movie' | 'tv'
	id: number
	name: string
	differences: Difference[]
	/** Set when TMDB could not be asked or does not know the id. */
	error?: string
}

const nameOf = (item: ImportItem) => (item.kind === 'movie' ? item.title : item.name)

/** Asks live TMDB for each title's details (a few at a time) and lists what differs from the demo. */
export async function checkAgainstTmdb(
	live: LiveCatalog,
	titles: ImportItem[],
	options: { concurrency?: number; onProgress?: (done: number, total: number) => void } = {},
): Promise<TitleCheck[]> {
	const results: TitleCheck[] = new Array(titles.length)
	let done = 0
	await mapLimit(titles, options.concurrency ?? 4, async (ours, index) => {
		const base = { media: ours.kind, id: ours.id, name: nameOf(ours) }
		try {
			const answer = await live.get(parseCatalogRoute(`/${ours.kind}/${ours.id}`, { append_to_response: 'external_ids' }))
			const parsed = parseImportItem({ ...(answer as object), media_type: ours.kind })
			results[index] = parsed.ok
				? { ...base, differences: compareWithTmdb(ours, parsed.item) }
				: { ...base, differences: [], error: `TMDB's answer did not parse (${parsed.error})` }
		} catch (error) {
			const message =
				error instanceof HttpError && error.status === 404
					? 'TMDB has no title with this id'
					: error instanceof Error
						? error.message
						: String(error)
			results[index] = { ...base, differences: [], error: message }
		}
		options.onProgress?.(++done, titles.length)
	})
	return results
}

/** The report printed by `npm run catalog:check-demo`. */
export function formatChecks(checks: TitleCheck[]): string {
	const lines: string[] = []
	for (const check of checks) {
		if (!check.error && check.differences.length === 0) continue
		lines.push(`${check.media} ${check.id} ${check.name}`)
		if (check.error) lines.push(`  could not check: ${check.error}`)
		for (const difference of check.differences) lines.push(`  ${difference.field}: ours ${difference.ours}, TMDB ${difference.tmdb}`)
	}
	const failed = checks.filter((check) => check.error).length
	const differ = checks.filter((check) => !check.error && check.differences.length > 0).length
	lines.push(
		`Checked ${checks.length} titles: ${checks.length - differ - failed} match TMDB, ${differ} differ, ${failed} could not be checked.`,
	)
	return lines.join('\n')
}
