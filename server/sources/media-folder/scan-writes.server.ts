import { CompiledQuery, sql } from 'kysely'
import type { getDatabase } from '../../db/db.server.ts'
import type { MediaFilesTable } from '../tables.ts'

// The media-folder scan's writes: its rows upserted a batch at a time.

export type MediaFileRow = Omit<MediaFilesTable, 'probe' | 'trickplay'>

type Executor = ReturnType<typeof getDatabase>['db']

/**
 * The upsert of `count` scanned rows, built once per scan and size: Kysely's
 * builder makes a node per value and a copy per row, and for a batch of a few
 * hundred rows that garbage lived long enough to be promoted to the old
 * generation, which a first scan's default heap then let grow (issue 28). The
 * template row's values are its column names, so the compiled parameters say
 * which column goes where. A file whose size or modification time changed is
 * probed again; an unchanged one keeps its probe and thumbnails.
 */
function compileUpsert(db: Executor, count: number) {
	const template = Object.fromEntries(UPSERT_COLUMNS.map((column) => [column, column])) as unknown as MediaFilesTable
	const unchanged = sql`media_files.size = excluded.size AND media_files.mtime_ms = excluded.mtime_ms`
	const compiled = db
		.insertInto('media_files')
		.values(Array.from({ length: count }, () => template))
		.onConflict((oc) =>
			oc.column('id').doUpdateSet((eb) => ({
				folder_index: eb.ref('excluded.folder_index'),
				relative_path: eb.ref('excluded.relative_path'),
				size: eb.ref('excluded.size'),
				mtime_ms: eb.ref('excluded.mtime_ms'),
				match_status: eb.ref('excluded.match_status'),
				match_reason: eb.ref('excluded.match_reason'),
				media_type: eb.ref('excluded.media_type'),
				tmdb_id: eb.ref('excluded.tmdb_id'),
				season: eb.ref('excluded.season'),
				episode: eb.ref('excluded.episode'),
				subtitles: eb.ref('excluded.subtitles'),
				seen_at: eb.ref('excluded.seen_at'),
				probe: sql<string | null>`CASE WHEN ${unchanged} THEN media_files.probe ELSE NULL END`,
				trickplay: sql<string | null>`CASE WHEN ${unchanged} THEN media_files.trickplay ELSE NULL END`,
			})),
		)
		.compile()
	const order = compiled.parameters.slice(0, UPSERT_COLUMNS.length) as Array<keyof MediaFilesTable>
	if (compiled.parameters.length !== order.length * count) throw new Error('media_files upsert: unexpected parameters')
	return { sql: compiled.sql, order }
}

/** Every column of media_files: probe and trickplay are written empty for a new file. */
const UPSERT_COLUMNS = [
	'id',
	'folder_index',
	'relative_path',
	'size',
	'mtime_ms',
	'match_status',
	'match_reason',
	'media_type',
	'tmdb_id',
	'season',
	'episode',
	'probe',
	'subtitles',
	'trickplay',
	'seen_at',
] as const satisfies ReadonlyArray<keyof MediaFilesTable>

/**
 * Writes scanned rows in one statement and transaction (matching happens
 * before, outside it: it reads the catalogue through the same connection),
 * with the statement compiled once per batch size (see compileUpsert).
 */
export function createRowWriter(db: Executor) {
	const compiled = new Map<number, ReturnType<typeof compileUpsert>>()
	return async function writeRows(rows: MediaFileRow[]) {
		if (rows.length === 0) return
		let upsert = compiled.get(rows.length)
		if (!upsert) compiled.set(rows.length, (upsert = compileUpsert(db, rows.length)))
		const parameters: unknown[] = []
		for (const row of rows) for (const column of upsert.order) parameters.push((row as Partial<MediaFilesTable>)[column] ?? null)
		const query = CompiledQuery.raw(upsert.sql, parameters)
		await db.transaction().execute((trx) => trx.executeQuery(query))
	}
}
