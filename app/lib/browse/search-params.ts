import { z } from 'zod'
import { lazyObject } from '#app/lib/validation/lazy-object.ts'
import { SEARCH_SORTS, SEARCH_TYPES, type SearchState } from './search.ts'

// The search page's address read by its loader. Kept apart from search.ts, which the page's
// components import: a zod schema built at module level cannot be tree-shaken, so it brought
// zod (26 KB gzip) into the search page's first load.

const SearchParamsSchema = lazyObject(() =>
	z.object({
		query: z.string().trim().max(200).catch(''),
		page: z.coerce.number().int().min(1).max(500).catch(1),
		sort: z.enum(SEARCH_SORTS).catch('popularity'),
		order: z.enum(['asc', 'desc']).catch('desc'),
		type: z.enum(SEARCH_TYPES).catch('all'),
	}),
)

export function parseSearchParams(params: URLSearchParams): SearchState {
	return SearchParamsSchema.parse({
		query: params.get('query') ?? '',
		page: params.get('page') ?? 1,
		sort: params.get('sort') ?? 'popularity',
		order: params.get('order') ?? 'desc',
		type: params.get('type') ?? 'all',
	})
}
