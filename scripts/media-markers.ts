// npm run media:markers -- <command>: the intro and credits markers of the media
// folder's episodes (found by listening in the background; see README).
//
//   --show <series>                  every episode of a series with its markers: <series> is its TMDB id
//                                    or part of the files' path (the series folder's name)
//   --find                           search now every season whose files changed (as the server does)
//   --set <file> --intro 1:02-1:47   set a marker by hand (also --credits 21:30-22:40); seconds or m:ss
//   --clear <file> --marker intro    say there is none (--marker credits, or both)
//   --forget <file> --marker intro   drop the hand-set one: the one found by listening applies again
//
// <file> is a path as --show lists it (or its id). Hand-set markers are kept across rescans and win.
import { parseArgs } from 'node:util'
import { closeCache } from '#server/cache/cache.server.ts'
import { closeDatabase, getDatabase, migrateToLatest } from '#server/db/db.server.ts'
import { CHROMAPRINT_UNAVAILABLE, fingerprintMethod } from '#server/sources/markers/fingerprint.server.ts'
import {
	forgetManualMarker,
	markersOf,
	refreshSeasonMarkers,
	setManualMarker,
	type MarkerKind,
} from '#server/sources/markers/markers.server.ts'

const { values } = parseArgs({
	options: {
		show: { type: 'string' },
		find: { type: 'boolean' },
		set: { type: 'string' },
		clear: { type: 'string' },
		forget: { type: 'string' },
		intro: { type: 'string' },
		credits: { type: 'string' },
		marker: { type: 'string', multiple: true },
	},
	allowPositionals: false,
})

function seconds(text: string): number {
	const parts = text.split(':').map(Number)
	if (parts.some((part) => !Number.isFinite(part) || part < 0)) throw new Error(`"${text}" is not a time (seconds or m:ss)`)
	return parts.reduce((total, part) => total * 60 + part, 0)
}

function range(text: string): { start: number; end: number } {
	const [from, to, extra] = text.split('-')
	if (!from || !to || extra !== undefined) throw new Error(`"${text}" is not a range like 62-107 or 1:02-1:47`)
	const marker = { start: seconds(from), end: seconds(to) }
	if (marker.end <= marker.start) throw new Error(`"${text}" ends before it starts`)
	return marker
}

const clock = (value: number) => `${Math.floor(value / 60)}:${String(Math.floor(value % 60)).padStart(2, '0')}`
const shown = (marker: { start: number; end: number } | undefined) => (marker ? `${clock(marker.start)}-${clock(marker.end)}` : '—')

async function fileIdOf(file: string): Promise<string> {
	const row = await getDatabase()
		.db.selectFrom('media_files')
		.select(['id'])
		.where((eb) => eb.or([eb('id', '=', file), eb('relative_path', '=', file)]))
		.executeTakeFirst()
	if (!row) throw new Error(`No indexed file "${file}": give a path as --show lists it`)
	return row.id
}

function kindsGiven(): MarkerKind[] {
	const named = values.set ? (['intro', 'credits'] as const).filter((kind) => values[kind] !== undefined) : (values.marker ?? [])
	const kinds = named.filter((kind): kind is MarkerKind => kind === 'intro' || kind === 'credits')
	if (kinds.length === 0 || kinds.length !== named.length)
		throw new Error(
			values.set ? 'Give --intro <range> and/or --credits <range>' : 'Say which marker: --marker intro and/or --marker credits',
		)
	return kinds
}

async function show(series: string) {
	const { db } = getDatabase()
	const query = db.selectFrom('media_files').select(['id', 'relative_path', 'season', 'episode']).where('media_type', '=', 'show')
	const rows = await (
		/^\d+$/.test(series) ? query.where('tmdb_id', '=', Number(series)) : query.where('relative_path', 'like', `%${series}%`)
	)
		.orderBy('season')
		.orderBy('episode')
		.execute()
	if (rows.length === 0) console.log(`No episodes of "${series}" in the index.`)
	const manual = new Set(
		(await db.selectFrom('media_markers').select(['file_id', 'kind']).where('origin', '=', 'manual').execute()).map(
			(row) => `${row.file_id}:${row.kind}`,
		),
	)
	for (const row of rows) {
		const markers = await markersOf(row.id)
		const mark = (kind: MarkerKind) => `${shown(markers[kind])}${manual.has(`${row.id}:${kind}`) ? ' (by hand)' : ''}`
		console.log(`S${row.season}E${row.episode}  intro ${mark('intro')}  credits ${mark('credits')}  ${row.relative_path}`)
	}
}

async function main() {
	await migrateToLatest(getDatabase())
	if (values.show) return show(values.show)
	if (values.find) {
		if (!(await fingerprintMethod())) throw new Error(`Markers are ${CHROMAPRINT_UNAVAILABLE}`)
		const done = await refreshSeasonMarkers()
		console.log(`Searched ${done.seasons} season(s): ${done.intros} intro(s), ${done.credits} credits found.`)
		return
	}
	const file = values.set ?? values.clear ?? values.forget
	if (!file) throw new Error('Give --show <series>, --find, --set <file>, --clear <file> or --forget <file>')
	const id = await fileIdOf(file)
	for (const kind of kindsGiven()) {
		if (values.set) await setManualMarker(id, kind, range(values[kind]!))
		else if (values.clear) await setManualMarker(id, kind, null)
		else await forgetManualMarker(id, kind)
	}
	const markers = await markersOf(id)
	console.log(`${file}: intro ${shown(markers.intro)}, credits ${shown(markers.credits)}`)
}

main()
	.catch((error: unknown) => {
		console.error(error instanceof Error ? error.message : error)
		process.exitCode = 1
	})
	.finally(() => Promise.allSettled([closeDatabase(), closeCache()]))
