// Caption language codes and labels, shared by every source. Pure: no I/O.
import { languageName } from '#app/lib/catalog/languages.ts'

// ISO 639-2 (bibliographic and terminology) codes of the languages subtitles
// commonly carry, mapped to ISO 639-1. Intl has no 639-2 → 639-1 table.
const ISO_639_2_TO_1: Record<string, string> = {
	ara: 'ar',
	bul: 'bg',
	cat: 'ca',
	ces: 'cs',
	cze: 'cs',
	chi: 'zh',
	zho: 'zh',
	dan: 'da',
	deu: 'de',
	ger: 'de',
	ell: 'el',
	gre: 'el',
	eng: 'en',
	spa: 'es',
	est: 'et',
	fas: 'fa',
	per: 'fa',
	fin: 'fi',
	fil: 'tl',
	fra: 'fr',
	fre: 'fr',
	heb: 'he',
	hin: 'hi',
	hrv: 'hr',
	hun: 'hu',
	ind: 'id',
	ita: 'it',
	jpn: 'ja',
	kor: 'ko',
	lit: 'lt',
	lav: 'lv',
	may: 'ms',
	msa: 'ms',
	nld: 'nl',
	dut: 'nl',
	nor: 'no',
	nob: 'nb',
	nno: 'nn',
	pol: 'pl',
	por: 'pt',
	ron: 'ro',
	rum: 'ro',
	rus: 'ru',
	slk: 'sk',
	slo: 'sk',
	slv: 'sl',
	srp: 'sr',
	swe: 'sv',
	tam: 'ta',
	tel: 'te',
	tha: 'th',
	tur: 'tr',
	ukr: 'uk',
	urd: 'ur',
	vie: 'vi',
	ben: 'bn',
	mal: 'ml',
	mar: 'mr',
	kan: 'kn',
	isl: 'is',
	ice: 'is',
	glg: 'gl',
	eus: 'eu',
	baq: 'eu',
	cym: 'cy',
	wel: 'cy',
	gle: 'ga',
	sqi: 'sq',
	alb: 'sq',
	mkd: 'mk',
	mac: 'mk',
	bos: 'bs',
	kat: 'ka',
	geo: 'ka',
	hye: 'hy',
	arm: 'hy',
	aze: 'az',
	kaz: 'kk',
	uzb: 'uz',
	mon: 'mn',
	khm: 'km',
	lao: 'lo',
	mya: 'my',
	bur: 'my',
	sin: 'si',
	nep: 'ne',
	pan: 'pa',
	guj: 'gu',
	swa: 'sw',
	afr: 'af',
	amh: 'am',
	som: 'so',
	yor: 'yo',
	zul: 'zu',
	xho: 'xh',
	tgl: 'tl',
}

// English names some add-ons and file names use instead of codes.
const NAME_TO_1 = new Map<string, string>()
{
	const names = new Intl.DisplayNames(['en'], { type: 'language' })
	for (const code of new Set(Object.values(ISO_639_2_TO_1))) {
		const name = names.of(code)
		if (name) NAME_TO_1.set(name.toLowerCase(), code)
	}
}

/**
 * The ISO 639-1 code for a caption language given as 639-1 (`en`, `pt-BR`),
 * 639-2 (`eng`, `ger`) or an English name (`English`); null when unknown.
 */
export function captionLanguage(input: string | null | undefined): string | null {
	if (!input) return null
	const raw = input.trim().toLowerCase().replace(/_/g, '-')
	if (!raw) return null
	const base = raw.split('-')[0]!
	if (/^[a-z]{2}$/.test(base)) return base
	if (/^[a-z]{3}$/.test(base) && ISO_639_2_TO_1[base]) return ISO_639_2_TO_1[base]!
	return NAME_TO_1.get(raw) ?? null
}

/** "English", "Spanish"… from the site's one language-name table; the code itself when it has no name. */
export function captionLabel(language: string): string {
	return languageName(language) ?? language
}
