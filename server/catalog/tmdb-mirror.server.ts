import type { DatabaseHandle } from '../db/db.server.ts'
import { parseImportItem, type ImportItem } from './import-schema.ts'
import type { LiveCatalog } from './live.server.ts'
import { mapLimit } from '../concurrency/map-limit.ts'
import { parseCatalogRoute } from './tmdb-paths.ts'
import { upsertTitles } from './title-store.server.ts'

// Mirrors live TMDB into the local catalogue: the popular, top-rated, upcoming,
// on-the-air and trending lists, then each listed title's details (credits,
// external ids, images, US providers) and, for series, their seasons with
// episodes. Failures of single titles are counted and skipped.

const LISTS = [
	'/movie/popular',
	'/movie/top_rated',
	'/movie/upcoming',
	'/trending/movie/week',
	'/tv/popular',
	'/tv/top_rated',
	'/tv/on_the_air',
	'/trending/tv/week',
] as const

export interface SyncOptions {
	/** List pages to read per list (20 titles a page). */
	pages?: number
	/** Extra titles to mirror, as "movie:550" / "tv:1399". */
	ids?: string[]
	/** Skip the lists and mirror only `ids`. */
	idsOnly?: boolean
	concurrency?: number
	onProgress?: (done: number, total: number) => void
	onError?: (title: string, error: unknown) => void
}

export interface SyncSummary {
	listed: number
	imported: number
	failed: number
}

type Ref = { media: 'movie' | 'tv'; id: number }

export async function syncFromTmdb(handle: DatabaseHandle, live: LiveCatalog, options: SyncOptions = {}): Promise<SyncSummary> {
	const pages = options.pages ?? 3
	const wanted = new Map<string, Ref>()
	for (const text of options.ids ?? []) {
		const match = /^(movie|tv):(\d+)$/.exec(text)
		if (!match) throw new Error(`ids must look like movie:550 or tv:1399, got "${text}"`)
		wanted.set(text, { media: match[1] as Ref['media'], id: Number(match[2]) })
	}
	if (!options.idsOnly) {
		for (const list of LISTS) {
			const media = list.includes('movie') ? 'movie' : 'tv'
			for (let page = 1; page <= pages; page++) {
				let answer: { results?: Array<{ id: number }>; total_pages?: number }
				try {
					answer = (await live.get(parseCatalogRoute(list, { page }))) as typeof answer
				} catch (error) {
					options.onError?.(`${list}?page=${page}`, error)
					break
				}
				for (const item of answer.results ?? []) wanted.set(`${media}:${item.id}`, { media, id: item.id })
				if ((answer.total_pages ?? 0) <= page) break
			}
		}
	}

	const refs = [...wanted.values()]
	const summary: SyncSummary = { listed: refs.length, imported: 0, failed: 0 }
	let done = 0
	let batch: ImportItem[] = []
	const flush = async () => {
		const writing = batch
		batch = []
		if (writing.length) await upsertTitles(handle, writing)
		summary.imported += writing.length
	}

	await mapLimit(refs, options.concurrency ?? 4, async (ref) => {
		try {
			const appends =
				ref.media === 'movie'
					? 'alternative_titles,credits,external_ids,images,release_dates,watch/providers'
					: 'alternative_titles,credits,external_ids,images,watch/providers'
			const details = (await live.get(parseCatalogRoute(`/${ref.media}/${ref.id}`, { append_to_response: appends }))) as Record<
				string,
				unknown
			>
			if (ref.media === 'tv' && Array.isArray(details.seasons)) {
				const seasons = details.seasons as Array<{ season_number: number }>
				details.seasons = await Promise.all(
					seasons.map(async (season) => {
						try {
							return await live.get(parseCatalogRoute(`/tv/${ref.id}/season/${season.season_number}`))
						} catch {
							return season
						}
					}),
				)
			}
			const parsed = parseImportItem({ ...details, media_type: ref.media })
			if (!parsed.ok) throw new Error(parsed.error)
			batch.push(parsed.item)
			if (batch.length >= 50) await flush()
		} catch (error) {
			summary.failed++
			options.onError?.(`${ref.media}:${ref.id}`, error)
		} finally {
			options.onProgress?.(++done, refs.length)
		}
	})
	await flush()
	return summary
}
