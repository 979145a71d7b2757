import fs from 'node:fs'
import path from 'node:path'
import readline from 'node:readline'
import zlib from 'node:zlib'
import type { DatabaseHandle } from '../db/db.server.ts'
import { getEnv } from '../env.server.ts'
import { logger } from '../logger.server.ts'
import { parseImportItem, type ImportItem } from './import-schema.ts'
import { getMeta, setMeta, upsertTitles } from './title-store.server.ts'

// The embedded demo catalogue: real titles with facts, our own overviews, and
// Willow's drawn artwork. Loaded on first start (and again when the file
// changes). Release dates of announced titles and the current season of
// airing series are moved relative to "now", so the demo stays upcoming and
// on the air however long after shipping it is started.

const FILE_NAME = 'catalogue.jsonl.gz'
const ROLL_EVERY_MS = 3 * 86_400_000

export function demoCataloguePath(): string | undefined {
	const candidates = [
		getEnv().WILLOW_DEMO_CATALOGUE,
		path.resolve(process.cwd(), 'server/catalog/demo', FILE_NAME),
		(() => {
			try {
				return new URL(`./demo/${FILE_NAME}`, import.meta.url).pathname
			} catch {
				return undefined
			}
		})(),
	]
	return candidates.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate))
}

interface DemoExtras {
	/** An announced title: its date is kept in the future. */
	_upcoming?: boolean
	/** A series on the air: its latest season airs weekly around now. */
	_airing?: boolean
}

export async function readDemoCatalogue(file: string): Promise<Array<ImportItem & DemoExtras>> {
	const lines = readline.createInterface({ input: fs.createReadStream(file).pipe(zlib.createGunzip()), crlfDelay: Infinity })
	const items: Array<ImportItem & DemoExtras> = []
	for await (const line of lines) {
		if (!line.trim()) continue
		const raw = JSON.parse(line) as Record<string, unknown>
		const parsed = parseImportItem(raw)
		if (!parsed.ok) throw new Error(`demo catalogue line ${items.length + 1}: ${parsed.error}`)
		items.push({ ...parsed.item, _upcoming: raw._upcoming === true, _airing: raw._airing === true })
	}
	return items
}

const iso = (date: Date) => date.toISOString().slice(0, 10)

/** Announced release dates that have passed move forward by whole years. */
function rollUpcoming(date: string | null | undefined, today: string): string | null | undefined {
	if (!date) return date
	let year = Number(date.slice(0, 4))
	while (`${year}${date.slice(4)}` <= today) year++
	return `${year}${date.slice(4)}`
}

/** Applies the "relative to now" dates; returns the item as it should be stored today. */
export function applyDemoDates(item: ImportItem & DemoExtras, now: Date): ImportItem {
	const { _upcoming, _airing, ...rest } = item
	const today = iso(now)
	if (_upcoming && rest.kind === 'movie') return { ...rest, release_date: rollUpcoming(rest.release_date, today) }
	if (_upcoming && rest.kind === 'tv') {
		const first = rollUpcoming(rest.first_air_date, today)
		const shift = first && rest.first_air_date ? Date.parse(first) - Date.parse(rest.first_air_date) : 0
		const seasons = rest.seasons?.map((season) => ({
			...season,
			air_date: season.air_date && shift ? iso(new Date(Date.parse(season.air_date) + shift)) : season.air_date,
			episodes: season.episodes?.map((e) => ({
				...e,
				air_date: e.air_date && shift ? iso(new Date(Date.parse(e.air_date) + shift)) : e.air_date,
			})),
		}))
		return { ...rest, first_air_date: first, seasons, next_episode_to_air: first ? { air_date: first } : null }
	}
	if (_airing && rest.kind === 'tv' && rest.seasons?.length) {
		const latest = rest.seasons.reduce((a, b) => (b.season_number > a.season_number ? b : a))
		const episodes = latest.episodes ?? []
		// A season with more episodes than a year has weeks airs daily, the rest
		// weekly (a weekly show has up to 53 a year); about half of it has aired.
		const spacing = (episodes.length > 53 ? 1 : 7) * 86_400_000
		const aired = Math.max(1, Math.ceil(episodes.length / 2))
		const start = new Date(now.getTime() - (aired - 1) * spacing - 86_400_000)
		const dated = episodes.map((e, i) => ({ ...e, air_date: iso(new Date(start.getTime() + i * spacing)) }))
		const seasons = rest.seasons.map((s) => (s === latest ? { ...s, air_date: dated[0]?.air_date ?? iso(start), episodes: dated } : s))
		const next = dated.find((e) => (e.air_date ?? '') > today)
		const last = [...dated].reverse().find((e) => (e.air_date ?? '') <= today)
		return {
			...rest,
			seasons,
			status: 'Returning Series',
			last_air_date: last?.air_date ?? rest.last_air_date,
			next_episode_to_air: next ? { air_date: next.air_date } : null,
		}
	}
	return rest
}

let seeding: Promise<void> | undefined

/**
 * Loads the demo catalogue when the database does not have this version of
 * it, and keeps its moving dates current. Cheap when there is nothing to do.
 */
export async function seedDemo(
	handle: DatabaseHandle,
	options: { now?: Date; file?: string } = {},
): Promise<{ loaded: number; rolled: number }> {
	const file = options.file ?? demoCataloguePath()
	if (!file) {
		logger.warn('demo catalogue file not found; the local catalogue starts empty')
		return { loaded: 0, rolled: 0 }
	}
	const now = options.now ?? new Date()
	const stat = fs.statSync(file)
	const version = `${stat.size}:${Math.round(stat.mtimeMs)}`
	const [loadedVersion, rolledAt] = await Promise.all([getMeta(handle, 'demo_version'), getMeta(handle, 'demo_rolled_at')])
	const needsLoad = loadedVersion !== version
	const needsRoll = !rolledAt || Math.abs(now.getTime() - Number(rolledAt)) > ROLL_EVERY_MS
	if (!needsLoad && !needsRoll) return { loaded: 0, rolled: 0 }

	const run = async () => {
		const started = Date.now()
		const items = await readDemoCatalogue(file)
		const chosen = needsLoad ? items : items.filter((item) => item._upcoming || item._airing)
		const prepared = chosen.map((item) => {
			const dated = applyDemoDates(item, now)
			// A roll only moves the latest season of an airing show: its older
			// seasons keep their stored episodes (seasons without an episode list
			// leave them alone), so a daily show's thousands of rows are not rewritten.
			if (needsLoad || !item._airing || dated.kind !== 'tv' || !dated.seasons?.length) return dated
			const latest = Math.max(...dated.seasons.map((season) => season.season_number))
			return {
				...dated,
				seasons: dated.seasons.map((season) => (season.season_number === latest ? season : { ...season, episodes: undefined })),
			}
		})
		for (let i = 0; i < prepared.length; i += 100) await upsertTitles(handle, prepared.slice(i, i + 100))
		await handle.db.transaction().execute(async (trx) => {
			await setMeta(trx, 'demo_version', version)
			await setMeta(trx, 'demo_rolled_at', String(now.getTime()))
		})
		logger.info({ titles: prepared.length, ms: Date.now() - started, full: needsLoad }, 'demo catalogue loaded')
		return { loaded: needsLoad ? prepared.length : 0, rolled: prepared.filter((_, i) => chosen[i]?._upcoming || chosen[i]?._airing).length }
	}
	// One load at a time per process (a second caller waits for the first).
	while (seeding) await seeding
	const promise = run()
	seeding = promise.then(
		() => undefined,
		() => undefined,
	)
	try {
		return await promise
	} finally {
		seeding = undefined
	}
}
