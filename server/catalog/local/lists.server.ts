import { sql } from 'kysely'
import type { ListQuery } from '../tmdb-paths.ts'
import type { MediaType } from '../tables.ts'
import { addDays, isoDate, listItem, MAX_PAGES, PAGE_SIZE, pageOf, selectListTitles, type LocalContext } from './title-rows.ts'

// The local back end's lists: popular, top rated, upcoming, on the air, and trending.

const TOP_RATED_MIN_VOTES = 200

export function createLocalLists({ db, now, countCached }: LocalContext) {
	const titles = () => selectListTitles(db)

	async function list(media: MediaType, which: 'popular' | 'top_rated' | 'upcoming' | 'on_the_air', query: ListQuery) {
		const today = isoDate(now())
		const offset = (query.page - 1) * PAGE_SIZE
		let base = titles().where('t.media_type', '=', media).where('t.adult', '=', 0)
		if (which === 'top_rated') base = base.where('t.vote_count', '>=', TOP_RATED_MIN_VOTES)
		if (which === 'upcoming') base = base.where('t.release_date', '>', today)
		if (which === 'on_the_air') {
			const recent = isoDate(addDays(now(), -30))
			base = base.where((eb) => eb.or([eb('t.next_air_date', '>=', today), eb('t.last_air_date', '>=', recent)]))
		}
		const ordered =
			which === 'top_rated' ? base.orderBy('t.vote_average', 'desc').orderBy('t.vote_count', 'desc') : base.orderBy('t.popularity', 'desc')
		const rows = await ordered.orderBy('t.key', 'desc').limit(PAGE_SIZE).offset(offset).execute()
		const total = await countCached(`${media}:${which}:${today}`, async () => {
			const counted = await base
				.clearSelect()
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirst()
			return Number(counted?.n ?? 0)
		})
		const results = rows.map((row) => listItem(row))
		const answer: Record<string, unknown> = pageOf(query.page, results, total)
		if (which === 'upcoming') return { dates: { maximum: isoDate(addDays(now(), 365 * 3)), minimum: today }, ...answer }
		if (which === 'on_the_air') return answer
		return answer
	}

	async function trending(media: MediaType, window: 'day' | 'week', query: ListQuery) {
		const offset = (query.page - 1) * PAGE_SIZE
		const base = titles().where('t.media_type', '=', media).where('t.adult', '=', 0)
		// "Today" favours recent releases; "this week" is plain popularity.
		const recent = isoDate(addDays(now(), -400))
		const ordered =
			window === 'day'
				? base.orderBy(sql`case when t.release_date >= ${recent} then t.popularity * 3 else t.popularity end`, 'desc')
				: base.orderBy('t.popularity', 'desc')
		const rows = await ordered.orderBy('t.key', 'desc').limit(PAGE_SIZE).offset(offset).execute()
		const total = await countCached(`${media}:all`, async () => {
			const counted = await base
				.clearSelect()
				.select((eb) => eb.fn.countAll<number>().as('n'))
				.executeTakeFirst()
			return Number(counted?.n ?? 0)
		})
		return pageOf(
			query.page,
			rows.map((row) => listItem(row, true)),
			Math.min(total, MAX_PAGES * PAGE_SIZE),
		)
	}

	return { list, trending }
}
