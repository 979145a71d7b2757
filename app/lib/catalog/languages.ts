// Language code → language name (product.md §3's table), for original languages on
// detail pages and subtitle and audio labels. The names come from the
// platform's own table (Intl.DisplayNames, CLDR data in every browser and in
// Node), so every ISO 639 code TMDB uses has one; TMDB's few codes of its own
// are named here.

const TMDB_CODES: Readonly<Record<string, string>> = {
	xx: 'No Language',
	cn: 'Cantonese',
	sh: 'Serbo-Croatian',
	mo: 'Moldavian',
}

let names: Intl.DisplayNames | undefined

/** "ja" → "Japanese", "pt-BR" → "Brazilian Portuguese"; undefined for nothing or an unknown code. */
export function languageName(code: string | null | undefined): string | undefined {
	const clean = code?.trim()
	if (!clean || !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(clean)) return undefined
	const own = TMDB_CODES[clean.toLowerCase()]
	if (own) return own
	names ??= new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' })
	try {
		return names.of(clean) ?? undefined
	} catch {
		return undefined
	}
}
