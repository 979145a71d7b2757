// Alternative titles of demo titles, in TMDB's shape (`alternative_titles` of
// GET /movie/{id} and /tv/{id}): the romanized Japanese names fansub groups
// and Japanese releases use, and other names a title is released or known
// under (a country's title, a former or longer title). Only names TMDB's
// records of these titles carry as alternative titles; a file or import row
// using any of them is matched by the shared title matcher (decision 0039).
// Keyed "movie:<id>" / "tv:<id>"; [country, title].

type Alt = [country: string, title: string]

export const DEMO_ALTERNATIVE_TITLES: Record<string, Alt[]> = {
	// Films
	'movie:11': [
		['US', 'Star Wars: Episode IV - A New Hope'],
		['US', 'Star Wars: A New Hope'],
	],
	'movie:1891': [['US', 'Star Wars: Episode V - The Empire Strikes Back']],
	'movie:1892': [['US', 'Star Wars: Episode VI - Return of the Jedi']],
	'movie:24428': [
		['US', "Marvel's The Avengers"],
		['GB', 'Avengers Assemble'],
	],
	'movie:85': [['US', 'Indiana Jones and the Raiders of the Lost Ark']],
	'movie:807': [['US', 'Seven']],
	'movie:671': [['US', "Harry Potter and the Sorcerer's Stone"]],
	'movie:10681': [['US', 'WALL-E']],
	'movie:129': [['JP', 'Sen to Chihiro no Kamikakushi']],
	'movie:128': [['JP', 'Mononoke-hime']],
	'movie:4935': [['JP', 'Hauru no Ugoku Shiro']],
	'movie:12429': [
		['JP', 'Gake no Ue no Ponyo'],
		['US', 'Ponyo on the Cliff by the Sea'],
	],
	'movie:168259': [['US', 'Fast & Furious 7']],
	'movie:24': [['US', 'Kill Bill: Volume 1']],
	'movie:601': [['US', 'E.T.']],
	// Series
	'tv:1429': [['JP', 'Shingeki no Kyojin']],
	'tv:85937': [['JP', 'Kimetsu no Yaiba']],
	'tv:95479': [['JP', 'Jujutsu Kaisen']],
	'tv:120089': [['JP', 'Spy x Family']],
	'tv:209867': [['JP', 'Sousou no Frieren']],
	'tv:83121': [
		['JP', 'Kaguya-sama wa Kokurasetai: Tensai-tachi no Renai Zunousen'],
		['JP', 'Kaguya-sama wa Kokurasetai'],
	],
	'tv:31911': [['JP', 'Hagane no Renkinjutsushi: Fullmetal Alchemist']],
	'tv:31910': [
		['JP', 'Naruto Shippuuden'],
		['US', 'Naruto Shippuden'],
	],
	'tv:65930': [['JP', 'Boku no Hero Academia']],
	'tv:63926': [['US', 'One Punch Man']],
	'tv:71446': [['ES', 'La Casa de Papel']],
	'tv:93405': [['KR', 'Ojingeo Geim']],
	'tv:126308': [['US', 'Shogun']],
	'tv:2316': [['US', 'The Office (US)']],
}

/** The TMDB-shaped field for one title: `titles` for films, `results` for series. */
export function demoAlternativeTitles(kind: 'movie' | 'tv', id: number) {
	const list = (DEMO_ALTERNATIVE_TITLES[`${kind}:${id}`] ?? []).map(([iso_3166_1, title]) => ({ iso_3166_1, title, type: '' }))
	if (list.length === 0) return {}
	return { alternative_titles: kind === 'movie' ? { titles: list } : { results: list } }
}
