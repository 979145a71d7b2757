// Hand-written demo series: facts (TMDB id, dates, genres, ratings, season
// structure as episode counts per season, IMDb id, US networks, creator, cast)
// and an overview and tagline written for Willow. Network codes as in
// source-movies.ts. `airing` series get a current season that airs weekly
// around the time the catalogue is loaded.

export interface DemoSeriesSource {
	id: number
	name: string
	original?: string
	first: string
	genres: number[]
	lang: string
	country: string
	pop: number
	vote: number
	votes: number
	ended: boolean
	runtime: number
	seasons: number[]
	networks: string
	channel: string
	imdb: string
	creator: string
	cast: string
	overview: string
	tagline: string
	airing?: boolean
	upcoming?: boolean
	/** Last air date of an ended show whose seasons are closer together than one a year. */
	last?: string
	/** Premiere dates of the first seasons, from a TMDB response (later seasons follow at the same pace). */
	premieres?: string[]
	/** TMDB's season numbers when they are not 1..n (a show with gaps). */
	seasonNumbers?: number[]
	/** Some season counts are estimated from verified totals (see `spread`). */
	estimated?: boolean
}

// Season premieres as TMDB dated them in its API responses of May 2019 (a public
// seed file of `GET /tv/{id}` answers), for the seasons that had started by then;
// season 1 is the show's first air date. Later seasons follow at the last pace.
const PREMIERES: Record<number, string[]> = {
	1399: ['2011-04-17', '2012-04-01', '2013-03-31', '2014-04-06', '2015-04-12', '2016-04-24', '2017-07-16', '2019-04-14'], // Game of Thrones
	1396: ['2008-01-20', '2009-03-08', '2010-03-21', '2011-07-17', '2012-07-15'], // Breaking Bad
	66732: ['2016-07-15', '2017-10-27', '2019-07-04'], // Stranger Things
	1416: ['2005-03-27', '2005-09-25', '2006-09-21', '2007-09-27', '2008-09-25', '2009-09-24', '2010-09-23', '2011-09-22', '2012-09-27', '2013-09-26', '2014-09-25', '2015-09-24', '2016-09-22', '2017-09-28', '2018-09-27'], // Grey's Anatomy
	1668: ['1994-09-22', '1995-09-21', '1996-09-16', '1997-09-25', '1998-09-24', '1999-09-23', '2000-10-12', '2001-09-27', '2002-09-23', '2003-09-25'], // Friends
	456: ['1989-12-17', '1991-03-23', '1991-09-19', '1992-09-24', '1993-09-30', '1994-09-04', '1995-09-17', '1996-10-27', '1997-09-21', '1998-08-23', '1999-09-26', '2000-11-01', '2001-11-06', '2002-11-03', '2003-11-02', '2004-11-07', '2005-09-11', '2006-09-10', '2007-09-23', '2008-09-28', '2009-09-27', '2010-09-26', '2011-09-25', '2012-09-30', '2013-09-29', '2014-09-28', '2015-09-27', '2016-09-25', '2017-10-01', '2018-09-30'], // The Simpsons
	1434: ['1999-01-31', '1999-09-23', '2001-07-11', '2005-05-01', '2006-09-10', '2007-09-23', '2008-09-28', '2009-09-27', '2010-09-26', '2011-09-25', '2012-09-30', '2013-09-29', '2014-09-28', '2015-09-27', '2016-09-25', '2017-10-01', '2018-09-30'], // Family Guy
	60625: ['2013-12-02', '2015-07-26', '2017-04-01'], // Rick and Morty
	4614: ['2003-09-23', '2004-09-27', '2005-09-20', '2006-09-18', '2007-09-25', '2008-09-22', '2009-09-22', '2010-09-21', '2011-09-20', '2012-09-25', '2013-09-24', '2014-09-23', '2015-09-21', '2016-09-19', '2017-09-26', '2018-09-25'], // NCIS
	4057: ['2005-09-22', '2006-09-20', '2007-09-26', '2008-09-24', '2009-09-23', '2010-09-22', '2011-09-21', '2012-09-26', '2013-09-25', '2014-10-01', '2015-09-30', '2016-09-28', '2017-09-27', '2018-10-03'], // Criminal Minds
	1402: ['2010-10-31', '2011-10-16', '2012-10-14', '2013-10-13', '2014-10-12', '2015-10-11', '2016-10-23', '2017-10-22', '2018-10-07'], // The Walking Dead
	1405: ['2006-10-01', '2007-09-30', '2008-09-28', '2009-09-27', '2010-09-26', '2011-10-02', '2012-09-30', '2013-06-30'], // Dexter
	44217: ['2013-03-03', '2014-02-27', '2015-02-19', '2016-02-18', '2017-11-29'], // Vikings
	1429: ['2013-04-07', '2017-04-01', '2018-07-22'], // Attack on Titan
	31910: ['2007-02-15', '2007-11-07', '2008-04-02', '2008-08-20', '2008-12-17', '2009-06-10', '2010-01-20', '2010-03-24', '2010-09-01', '2011-02-09', '2011-07-27', '2012-01-04', '2012-08-22', '2013-01-16', '2013-07-17', '2014-02-05'], // Naruto Shippūden
	65930: ['2016-04-03', '2017-04-01', '2018-04-07'], // My Hero Academia
	12971: ['1989-04-26', '1990-03-14', '1991-01-30', '1991-09-18', '1992-05-20', '1992-11-25', '1993-07-28', '1994-03-09', '1995-02-01'], // Dragon Ball Z
	63926: ['2015-10-05', '2019-04-09'], // One-Punch Man
	14658: ['2000-05-31', '2001-01-28', '2001-10-11', '2002-02-28', '2002-09-19', '2003-02-13', '2003-09-18', '2004-02-01', '2004-09-16', '2005-02-17', '2005-09-15', '2006-02-02', '2006-09-14', '2007-02-08', '2007-09-20', '2008-02-07', '2008-09-25', '2009-02-12', '2009-09-17', '2010-02-11', '2010-09-15', '2011-02-16', '2011-09-14', '2012-02-15', '2012-09-19', '2013-02-13', '2013-09-18', '2014-02-26', '2014-09-24', '2015-02-25', '2015-09-22', '2016-02-17', '2016-09-21', '2017-03-08', '2017-09-27', '2018-02-28', '2018-09-26', '2019-02-20'], // Survivor
}

const s = (
	id: number,
	name: string,
	first: string,
	genres: number[],
	[lang, country]: [string, string],
	[pop, vote, votes]: [number, number, number],
	ended: boolean,
	runtime: number,
	seasons: number[],
	networks: string,
	channel: string,
	imdb: string,
	creator: string,
	cast: string,
	overview: string,
	tagline: string,
	extra: Partial<DemoSeriesSource> = {},
): DemoSeriesSource => ({ id, name, first, genres, lang, country, pop, vote, votes, ended, runtime, seasons, networks, channel, imdb, creator, cast, overview, tagline, premieres: PREMIERES[id], ...extra })

/**
 * Per-season counts for a long-running daily or weekly show whose season-by-season
 * numbers are not published anywhere we could check: the verified episode total
 * for the verified seasons, split evenly over the seasons without a known count
 * (the earlier seasons take the remainder). Shows built this way are marked
 * `estimated`, and the comment above each one gives its sources.
 */
function spread(seasons: number, total: number, known: Record<number, number> = {}): number[] {
	const unknown = Array.from({ length: seasons }, (_, i) => i + 1).filter((n) => known[n] === undefined)
	const rest = total - Object.values(known).reduce((a, b) => a + b, 0)
	const each = Math.floor(rest / unknown.length)
	let extra = rest - each * unknown.length
	return Array.from({ length: seasons }, (_, i) => known[i + 1] ?? each + (extra-- > 0 ? 1 : 0))
}

/** Mondays in each calendar year from `from` to the end of `lastYear`: a weekly Monday show's episodes per year. */
function mondaysPerYear(from: string, lastYear: number): number[] {
	const counts: number[] = []
	for (let day = Date.parse(from); new Date(day).getUTCFullYear() <= lastYear; day += 7 * 86_400_000) {
		const index = new Date(day).getUTCFullYear() - Number(from.slice(0, 4))
		counts[index] = (counts[index] ?? 0) + 1
	}
	return counts
}

// Per-season episode counts checked against public episode lists (reunion and
// recap specials counted as episodes, as the season articles do).
const SURVIVOR_SEASONS = [14, 16, 15, 15, 15, 15, 15, 17, 15, 15, 15, 16, 16, 15, 15, 15, 14, 15, 16, 15, 16, 15, 16, 15, 15, 15, 15, 14, 15, 15, 15, 15, 14, 13, 14, 14, 14, 14, 14, 14, 13, 13, 13, 13, 13, 13, 14, 13, 13]
// Seasons 1-50 checked against public episode lists; season 51 is not yet confirmed.
const SNL_SEASONS = [24, 22, 20, 20, 20, 13, 20, 20, 19, 17, 18, 20, 13, 20, 20, 20, 20, 20, 20, 20, 20, 20, 20, 19, 20, 20, 20, 20, 20, 20, 19, 20, 12, 22, 22, 22, 22, 21, 21, 21, 21, 21, 21, 21, 18, 20, 21, 18, 20, 20, 20]

// NCIS: seasons 1-16 as in a TMDB API response from May 2019, 17-22 from the
// season articles (17 and 21 cut short); season 23 (2025-26) at a full order.
const NCIS_SEASONS = [23, 23, 24, 24, 19, 25, 24, 24, 24, 24, 24, 24, 24, 24, 24, 24, 20, 16, 21, 22, 10, 20, 20]

// Long-running shows. Where only totals are public, `spread` fills the seasons
// without their own count (see above); the comment names what was checked.
// Big Brother (US): each season article's episode count (1-27).
const BIG_BROTHER_SEASONS = [70, 30, 32, 33, 31, 30, 28, 33, 33, 29, 30, 30, 29, 30, 36, 40, 40, 42, 40, 40, 40, 37, 37, 34, 42, 39, 39]
// Watch What Happens Live: TMDB's own seasons (a February 2024 API response);
// TMDB has no seasons 11 and 12.
const WWHL_SEASON_NUMBERS = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 17, 18, 19, 20, 21]
const WWHL_SEASONS = [22, 29, 40, 1, 4, 72, 35, 64, 88, 108, 2, 125, 209, 208, 208, 208, 209, 203, 34]
// Last Week Tonight: seasons are years. 1-3 from the season articles; 239
// episodes after season 8 with season 7 at 30 (HBO orders 30 a season); season 9
// ended its 30-episode order; season 12 reached episode 30; the 2023 strike cut
// season 10, which with the start of season 13 makes up the rest of the 351
// episodes Wikipedia counted early in 2026. Season 13 is this year's order.
const LAST_WEEK_TONIGHT_SEASONS = [24, 35, 30, 30, 30, 30, 30, 30, 30, 20, 30, 30, 30]
// Running Man: seasons are years (2010-2026), from episode numbers on known air
// dates (episode 74 on 2011-12-25, 126 on 2012-12-30, 178 on 2013-12-29, 228 the
// first of 2015, 332 on 2017-01-01, 432 the last of 2018, 483 the last of 2019,
// 635 the first of 2023, 686 on 2024-01-07, 800 on 2026-04-26); 2021 and 2022
// share their 99 episodes by weeks on air.
const RUNNING_MAN_SEASONS = [25, 49, 52, 52, 49, 52, 52, 51, 50, 51, 52, 49, 50, 51, 48, 50, 52]
// Raw: a season per year since 1993, one episode every Monday.
const RAW_SEASONS = mondaysPerYear('1993-01-11', 2026)
// Mayday: 25 seasons and 287 episodes (Wikipedia); seasons 1-12 from the 2011
// episode list, 13, 15, 18 and 22 from season listings.
const MAYDAY_SEASONS = spread(25, 287, { 1: 6, 2: 6, 3: 13, 4: 10, 5: 10, 6: 3, 7: 8, 8: 2, 9: 8, 10: 6, 11: 13, 12: 13, 13: 10, 15: 10, 18: 10, 22: 10 })
// Operación Triunfo: TMDB's own seasons (an API response from January 2024;
// season 12 counts the daily shows of OT 2023).
const OPERACION_TRIUNFO_SEASONS = [18, 18, 16, 15, 15, 16, 14, 6, 19, 16, 14, 81]
// Strictly: It Takes Two: a series per Strictly series (2004-2026). 505 episodes
// in series 1-10 and 910 in 1-15 (Wikipedia); 60 in each of 2024 and 2025 (BBC
// listings), the same 60 for the other recent series.
const IT_TAKES_TWO_SEASONS = [...spread(10, 505), ...spread(5, 405), ...spread(8, 480), 60]
// The Graham Norton Show: 515 episodes in series 1-32 (British Comedy Guide,
// February 2025); series 33 (2025-26) and 34 (autumn 2026) at the usual length.
const GRAHAM_NORTON_SEASONS = [...spread(32, 515), 16, 16]
// The Late Show with Stephen Colbert: seasons 1-9 are TMDB's own (an API
// response from April 2025, season 10 then on air); seasons 10 and 11 share the
// rest of the 1,763 episodes Wikipedia counts for the whole run.
const COLBERT_SEASONS = spread(11, 1763, { 1: 202, 2: 206, 3: 194, 4: 195, 5: 173, 6: 168, 7: 170, 8: 107, 9: 129 })
// Jimmy Kimmel Live!: 3,588 episodes in seasons 1-21 by 2023-01-26, season 21
// (2022-23) then about half over; seasons 22-25 at that season's pace.
const KIMMEL_SEASONS = [...spread(21, 3588 + 80), 160, 160, 160, 160]
// The Tonight Show Starring Jimmy Fallon: 13 seasons, 2,257 episodes (Wikipedia, 2026).
const FALLON_SEASONS = spread(13, 2257)
// Late Night with Seth Meyers: 13 seasons, 1,770 episodes (Wikipedia, 2026);
// season 1 has 99 in TMDB's own data.
const SETH_MEYERS_SEASONS = spread(13, 1770, { 1: 99 })
// Real Time with Bill Maher: seasons are years; 680 episodes by 2025-02-21 (early
// in season 23), season 24 is 2026 (Wikipedia counted 24 seasons, 716 episodes).
const REAL_TIME_SEASONS = [...spread(22, 675), 35, 35]
// Binnelanders: TMDB's own seasons (an API response from September 2024, when
// season 20 was on air; TMDB lists a season's planned episodes).
const BINNELANDERS_SEASONS = [52, 88, 260, 260, 237, 260, 260, 260, 260, 260, 260, 315, 260, 260, 260, 260, 260, 260, 260, 260]
// Un si grand soleil: 235 episodes in season 1 (CNC); episode 983 aired on
// 2022-09-23 and 1795 on 2025-11-18, five a week, seasons from late August.
const UN_SI_GRAND_SOLEIL_SEASONS = [235, ...spread(3, 728), ...spread(4, 1030), 250]
// Ici tout commence: TMDB keeps every episode in one season (an API response
// from August 2023, 733 episodes; its two specials are left out here).
const ICI_TOUT_COMMENCE_SEASONS = [733]
// Suidooster: episode 468 aired on 2018-04-06, then five a week; season 9 began
// in April 2023, so seasons run April to April from season 4.
const SUIDOOSTER_SEASONS = [...spread(3, 468), ...Array.from({ length: 9 }, () => 260)]

export const DEMO_SERIES: DemoSeriesSource[] = [
	s(1399, 'Game of Thrones', '2011-04-17', [10765, 18, 10759], ['en', 'US'], [185.5, 8.456, 25049], true, 60, [10, 10, 10, 10, 10, 10, 7, 6], 'm', 'HBO', 'tt0944947', 'David Benioff', 'Emilia Clarke, Kit Harington, Peter Dinklage, Lena Headey', 'Noble houses scheme, marry and go to war over an iron throne while an ancient threat gathers beyond a great wall of ice.', 'Every throne has a price.', { last: '2019-05-19' }),
	s(1396, 'Breaking Bad', '2008-01-20', [18, 80], ['en', 'US'], [260.4, 8.9, 14800], true, 47, [7, 13, 13, 13, 16], 'n', 'AMC', 'tt0903747', 'Vince Gilligan', 'Bryan Cranston, Aaron Paul, Anna Gunn, Dean Norris', 'A mild chemistry teacher with a grim diagnosis starts cooking meth with a former student and discovers a talent for crime.', 'Chemistry is the study of change.', { last: '2013-09-29' }),
	s(66732, 'Stranger Things', '2016-07-15', [18, 10765, 9648], ['en', 'US'], [420.7, 8.6, 18900], true, 60, [8, 9, 8, 9, 8], 'n', 'Netflix', 'tt4574334', 'The Duffer Brothers', 'Millie Bobby Brown, Finn Wolfhard, Winona Ryder, David Harbour', 'When a boy vanishes in a small Indiana town, his friends, family and the local chief uncover secret experiments and a world beneath their own.', 'The upside down is closer than you think.'),
	s(100088, 'The Last of Us', '2023-01-15', [18], ['en', 'US'], [1375.1, 8.761, 3137], false, 55, [9, 7], 'm', 'HBO', 'tt3581920', 'Craig Mazin', 'Pedro Pascal, Bella Ramsey, Gabriel Luna, Anna Torv', 'Twenty years after a fungal outbreak, a hardened smuggler escorts a teenage girl who may hold the key to a cure across a ruined America.', 'Survival is only the start.'),
	s(94997, 'House of the Dragon', '2022-08-21', [10765, 18, 10759], ['en', 'US'], [975.2, 8.5, 2469], false, 60, [10, 8], 'm', 'HBO', 'tt11198330', 'Ryan Condal', 'Emma D\'Arcy, Matt Smith, Olivia Cooke, Rhys Ifans', 'Two centuries before the fall of their house, the dragon-riding Targaryens tear themselves apart over who should inherit the throne.', 'Fire will reign.'),
	s(76331, 'Succession', '2018-06-03', [18], ['en', 'US'], [172.4, 8.151, 578], true, 60, [10, 10, 9, 10], 'm', 'HBO', 'tt7660850', 'Jesse Armstrong', 'Brian Cox, Jeremy Strong, Sarah Snook, Kieran Culkin', 'The children of an ageing media tycoon circle his empire, each convinced they deserve to run it.', 'Family is a business.'),
	s(1416, 'Grey\'s Anatomy', '2005-03-27', [18], ['en', 'US'], [1045.3, 8.3, 8634], false, 43, [9, 27, 25, 17, 24, 24, 22, 24, 24, 24, 25, 24, 24, 24, 25, 21, 17, 20, 20, 10, 18, 12], 'h,n', 'ABC', 'tt0413573', 'Shonda Rhimes', 'Ellen Pompeo, Chandra Wilson, James Pickens Jr., Kevin McKidd', 'Surgical residents at a Seattle hospital learn medicine the hard way while their personal lives spill into the operating room.', 'Scrub in.', { airing: true }),
	s(2316, 'The Office', '2005-03-24', [35], ['en', 'US'], [1825.7, 8.589, 3615], true, 22, [6, 22, 25, 19, 28, 26, 26, 24, 25], 'k', 'NBC', 'tt0386676', 'Greg Daniels', 'Steve Carell, Rainn Wilson, John Krasinski, Jenna Fischer', 'A documentary crew follows the staff of a struggling paper company branch, led by a boss who desperately wants to be liked.', 'Where every day is a workday.'),
	s(1668, 'Friends', '1994-09-22', [35, 18], ['en', 'US'], [350.6, 8.4, 8600], true, 22, [24, 24, 25, 24, 24, 25, 24, 24, 24, 18], 'm', 'NBC', 'tt0108778', 'David Crane', 'Jennifer Aniston, Courteney Cox, Lisa Kudrow, Matt LeBlanc', 'Six friends in Manhattan share apartments, coffee and a decade of dates, jobs and breakups.', 'They will be there for you.', { last: '2004-05-06' }),
	s(456, 'The Simpsons', '1989-12-17', [10751, 16, 35], ['en', 'US'], [287.3, 8.012, 10572], false, 22, [13, 22, 24, 22, 22, 25, 25, 25, 25, 23, 22, 21, 22, 22, 22, 21, 22, 22, 20, 21, 23, 22, 22, 22, 22, 22, 22, 22, 21, 23, 22, 22, 22, 22, 18, 22], 'd', 'FOX', 'tt0096697', 'Matt Groening', 'Dan Castellaneta, Julie Kavner, Nancy Cartwright, Yeardley Smith', 'The misadventures of a yellow family in the town of Springfield, from the nuclear plant to the kitchen table.', 'America\'s favourite family.', { airing: true }),
	s(1434, 'Family Guy', '1999-01-31', [16, 35], ['en', 'US'], [262.1, 7.389, 4789], false, 22, [7, 21, 22, 30, 18, 12, 16, 21, 18, 23, 22, 21, 18, 20, 20, 20, 20, 20, 20, 20, 20, 15, 15], 'h', 'FOX', 'tt0182576', 'Seth MacFarlane', 'Seth MacFarlane, Alex Borstein, Seth Green, Mila Kunis', 'A clueless dad, his sarcastic wife, their kids and a talking dog get into absurd trouble in Quahog, Rhode Island.', 'Laughs, cutaways, repeat.', { airing: true }),
	s(60625, 'Rick and Morty', '2013-12-02', [16, 35, 10765, 10759], ['en', 'US'], [984.2, 8.7, 7422], false, 22, [11, 10, 10, 10, 10, 10, 10, 10], 'm,h', 'Adult Swim', 'tt2861424', 'Dan Harmon', 'Justin Roiland, Chris Parnell, Spencer Grammer, Sarah Chalke', 'A reckless genius scientist drags his anxious grandson on adventures across infinite dimensions.', 'Wubba lubba dub dub.'),
	s(82856, 'The Mandalorian', '2019-11-12', [10765, 10759, 18], ['en', 'US'], [1055.3, 8.487, 8761], false, 38, [8, 8, 8], 'd', 'Disney+', 'tt8111088', 'Jon Favreau', 'Pedro Pascal, Katee Sackhoff, Carl Weathers, Giancarlo Esposito', 'After the fall of the Empire, a lone bounty hunter takes on a job that leaves him protecting a small, powerful child.', 'This is the way.'),
	s(76479, 'The Boys', '2019-07-25', [10765, 10759], ['en', 'US'], [610.2, 8.5, 10900], true, 60, [8, 8, 8, 8, 8], 'a', 'Prime Video', 'tt1190634', 'Eric Kripke', 'Karl Urban, Jack Quaid, Antony Starr, Erin Moriarty', 'In a world where celebrity superheroes are owned by a corporation, a ragtag crew sets out to expose what they really are.', 'Never meet your heroes.'),
	s(97546, 'Ted Lasso', '2020-08-14', [35, 18], ['en', 'GB'], [250.1, 8.5, 936], false, 40, [10, 12, 12], 't', 'Apple TV+', 'tt10986410', 'Jason Sudeikis', 'Jason Sudeikis, Hannah Waddingham, Brett Goldstein, Juno Temple', 'An endlessly upbeat American football coach is hired to manage a struggling English soccer club he knows nothing about.', 'Believe.'),
	s(95396, 'Severance', '2022-02-17', [18, 9648, 10765], ['en', 'US'], [200.3, 8.4, 2300], false, 50, [9, 10], 't', 'Apple TV+', 'tt11280740', 'Dan Erickson', 'Adam Scott, Britt Lower, Zach Cherry, John Turturro', 'Office workers have their memories surgically split between work and home, until one team starts to wonder what they do all day.', 'Leave your life at the door.'),
	s(93405, 'Squid Game', '2021-09-17', [10759, 9648, 18], ['ko', 'KR'], [520.4, 7.8, 15300], true, 55, [9, 7, 6], 'n', 'Netflix', 'tt10919420', 'Hwang Dong-hyuk', 'Lee Jung-jae, Park Hae-soo, Wi Ha-joon, Jung Ho-yeon', 'Hundreds of people deep in debt accept an invitation to play children\'s games for a fortune, with deadly rules.', 'Red light, green light.', { original: '오징어 게임' }),
	s(119051, 'Wednesday', '2022-11-23', [10765, 9648, 35], ['en', 'US'], [480.8, 8.4, 9000], false, 50, [8, 8], 'n', 'Netflix', 'tt13443470', 'Alfred Gough', 'Jenna Ortega, Emma Myers, Gwendoline Christie, Catherine Zeta-Jones', 'Sent to a boarding school for outcasts, the deadpan daughter of the Addams family investigates a string of killings.', 'Woe is her.'),
	s(71446, 'Money Heist', '2017-05-02', [80, 18], ['es', 'ES'], [300.9, 8.2, 19000], true, 50, [9, 6, 8, 8, 10], 'n', 'Netflix', 'tt6468322', 'Álex Pina', 'Úrsula Corberó, Álvaro Morte, Itziar Ituño, Pedro Alonso', 'A mysterious mastermind recruits eight robbers with city code names to pull off the biggest heist in Spanish history.', 'The plan is everything.', { original: 'La casa de papel' }),
	s(60059, 'Better Call Saul', '2015-02-08', [80, 18], ['en', 'US'], [190.5, 8.7, 5200], true, 46, [10, 10, 10, 10, 10, 13], 'n', 'AMC', 'tt3032476', 'Vince Gilligan', 'Bob Odenkirk, Rhea Seehorn, Jonathan Banks, Giancarlo Esposito', 'Years before he became a criminal lawyer, Jimmy McGill tries to go straight and keeps finding shortcuts.', 'Every lawyer has a story.'),
	s(4614, 'NCIS', '2003-09-23', [80, 18, 10759], ['en', 'US'], [2728.0, 7.616, 2099], false, 43, NCIS_SEASONS, 'p,n', 'CBS', 'tt0364845', 'Donald P. Bellisario', 'Mark Harmon, Sean Murray, David McCallum, Gary Cole', 'A team of special agents investigates crimes involving the Navy and Marine Corps, one case at a time.', 'No crime is too small.', { airing: true, estimated: true }),
	s(549, 'Law & Order', '1990-09-13', [80, 18], ['en', 'US'], [2590.0, 7.4, 495], false, 45, [22, 22, 22, 22, 23, 23, 23, 24, 24, 24, 24, 24, 24, 24, 24, 22, 22, 22, 22, 22, 22, 22, 22, 10], 'k,h', 'NBC', 'tt0098844', 'Dick Wolf', 'Sam Waterston, Jerry Orbach, Anthony Anderson, Jeffrey Donovan', 'Each case is told in two halves: the detectives who investigate the crime and the prosecutors who try the accused.', 'Two groups, one system.', { airing: true }),
	s(4057, 'Criminal Minds', '2005-09-22', [80, 18, 9648], ['en', 'US'], [1720.0, 8.3, 3498], false, 42, [22, 23, 20, 26, 23, 24, 24, 24, 24, 23, 22, 22, 22, 15, 10, 10, 10], 'p,h', 'CBS', 'tt0452046', 'Jeff Davis', 'Joe Mantegna, Matthew Gray Gubler, Thomas Gibson, A.J. Cook', 'FBI profilers study the minds of serial offenders to predict their next move before they strike again.', 'Know the mind, find the killer.'),
	s(79744, 'The Rookie', '2018-10-16', [80, 18, 35], ['en', 'US'], [285.0, 8.53, 2942], false, 43, [20, 20, 14, 22, 22, 10, 18], 'h', 'ABC', 'tt7587890', 'Alexi Hawley', 'Nathan Fillion, Melissa O\'Neil, Eric Winter, Richard T. Jones', 'At forty, a small-town man starts over as the oldest rookie in the Los Angeles police department.', 'It is never too late.', { airing: true }),
	s(108978, 'Reacher', '2022-02-03', [10759, 80, 18], ['en', 'US'], [2098.0, 8.094, 1090], false, 50, [8, 8, 8], 'a', 'Prime Video', 'tt9288030', 'Nick Santora', 'Alan Ritchson, Malcolm Goodwin, Maria Sten, Willa Fitzgerald', 'A drifter and former military investigator walks into trouble in one town after another, and walks out having fixed it.', 'He never goes looking for trouble.'),
	s(1402, 'The Walking Dead', '2010-10-31', [10759, 18, 10765], ['en', 'US'], [1530.0, 8.1, 14103], true, 45, [6, 13, 16, 16, 16, 16, 16, 16, 16, 22, 24], 'n,a', 'AMC', 'tt1520211', 'Frank Darabont', 'Andrew Lincoln, Norman Reedus, Melissa McBride, Danai Gurira', 'A sheriff wakes from a coma into a world overrun by the dead and leads a group of survivors searching for safety.', 'Fight the dead, fear the living.'),
	s(76669, 'Elite', '2018-10-05', [80, 9648, 18], ['es', 'ES'], [1286.0, 8.1, 8484], true, 50, [8, 8, 8, 8, 8, 8, 8, 8], 'n', 'Netflix', 'tt7134908', 'Carlos Montero', 'Itzan Escamilla, Omar Ayuso, Miguel Bernardeau, Claudia Salas', 'Three working-class teens get scholarships to an exclusive Spanish school, and a murder follows.', 'Money, secrets and a body.', { original: 'Élite' }),
	s(90669, '1899', '2022-11-17', [9648, 18], ['en', 'DE'], [2816.0, 8.0, 257], true, 60, [8], 'n', 'Netflix', 'tt9319668', 'Jantje Friese', 'Emily Beecham, Aneurin Barnard, Andreas Pietschmann, Miguel Bernardeau', 'Emigrants crossing the Atlantic on a steamship find a second ship adrift and a puzzle that keeps rewriting itself.', 'Wake up.'),
	s(117488, 'Yellowjackets', '2021-11-14', [18, 9648], ['en', 'US'], [208.0, 7.529, 436], false, 55, [10, 9, 10], 'p', 'Showtime', 'tt11041332', 'Ashley Lyle', 'Melanie Lynskey, Christina Ricci, Juliette Lewis, Tawny Cypress', 'A girls\' soccer team survives a plane crash in the wilderness, and twenty-five years later the survivors still hide what happened.', 'They survived. Barely.'),
	s(129552, 'The Night Agent', '2023-03-23', [18, 9648], ['en', 'US'], [780.0, 8.0, 155], false, 50, [10, 10], 'n', 'Netflix', 'tt13918776', 'Shawn Ryan', 'Gabriel Basso, Luciane Buchanan, Hong Chau, Fola Evans-Akingbola', 'A low-level FBI agent who answers an emergency line in the White House basement is pulled into a conspiracy.', 'The phone never rings, until it does.'),
	s(85949, 'Star Trek: Picard', '2020-01-23', [10765, 10759], ['en', 'US'], [176.0, 7.271, 1422], true, 55, [10, 10, 10], 'p', 'Paramount+', 'tt8806524', 'Alex Kurtzman', 'Patrick Stewart, Jeri Ryan, Michelle Hurd, Jonathan Frakes', 'Retired Admiral Jean-Luc Picard returns to space to help a young woman with a mysterious connection to his past.', 'Engage, one more time.'),
	s(125988, 'Silo', '2023-05-04', [10765, 18], ['en', 'US'], [150.2, 8.1, 1500], false, 50, [10, 10], 't', 'Apple TV+', 'tt14688458', 'Graham Yost', 'Rebecca Ferguson, Common, Tim Robbins, Harriet Walter', 'Ten thousand people live in a vast underground silo, and an engineer starts asking why no one is allowed outside.', 'Some truths are buried.'),
	s(93740, 'Foundation', '2021-09-23', [10765, 18], ['en', 'US'], [90.5, 7.6, 1300], false, 60, [10, 10, 10], 't', 'Apple TV+', 'tt0804484', 'David S. Goyer', 'Jared Harris, Lee Pace, Lou Llobell, Leah Harvey', 'A mathematician predicts the fall of a galactic empire and sets up a small band of exiles to shorten the dark age after it.', 'The future is a calculation.'),
	s(95480, 'Slow Horses', '2022-04-01', [80, 18, 35], ['en', 'GB'], [85.2, 8.1, 700], false, 45, [6, 6, 6, 6, 6], 't', 'Apple TV+', 'tt5875444', 'Will Smith', 'Gary Oldman, Jack Lowden, Kristin Scott Thomas, Saskia Reeves', 'Disgraced British spies banished to a dead-end office keep stumbling into cases the real agency would rather they left alone.', 'The rejects of MI5.', { airing: true }),
	s(87917, 'For All Mankind', '2019-11-01', [18, 10765], ['en', 'US'], [60.3, 7.9, 600], false, 60, [10, 10, 10, 10], 't', 'Apple TV+', 'tt7772588', 'Ronald D. Moore', 'Joel Kinnaman, Michael Dorman, Wrenn Schmidt, Krys Marshall', 'What if the space race never ended? NASA keeps racing the Soviets past the Moon, and history takes a different turn.', 'The race never stopped.'),
	s(110316, 'Pachinko', '2022-03-25', [18], ['ko', 'US'], [45.1, 8.0, 300], false, 60, [8, 8], 't', 'Apple TV+', 'tt8888540', 'Soo Hugh', 'Youn Yuh-jung, Lee Min-ho, Kim Min-ha, Jin Ha', 'Four generations of a Korean family chase survival and belonging from occupied Korea to Japan and America.', 'Family is the game they keep playing.'),
	s(90282, 'The Morning Show', '2019-11-01', [18], ['en', 'US'], [70.4, 7.7, 650], false, 60, [10, 10, 10, 10], 't', 'Apple TV+', 'tt7203552', 'Jay Carson', 'Jennifer Aniston, Reese Witherspoon, Billy Crudup, Mark Duplass', 'The anchors of a morning news show fight for control of their programme after a scandal rocks the network.', 'Good morning, America.'),
	s(136311, 'Shrinking', '2023-01-26', [35, 18], ['en', 'US'], [65.8, 8.0, 500], false, 32, [10, 12, 11], 't', 'Apple TV+', 'tt15677150', 'Bill Lawrence', 'Jason Segel, Harrison Ford, Jessica Williams, Christa Miller', 'A grieving therapist starts telling his patients exactly what he thinks, with messy, funny results.', 'Therapy without a filter.', { airing: true }),
	s(73586, 'Yellowstone', '2018-06-20', [37, 18], ['en', 'US'], [340.2, 8.2, 3200], true, 50, [9, 10, 10, 10, 14], 'k', 'Paramount Network', 'tt4236770', 'Taylor Sheridan', 'Kevin Costner, Luke Grimes, Kelly Reilly, Wes Bentley', 'A Montana ranching family fights developers, a reservation and a national park to hold on to the biggest ranch in the country.', 'Land is everything.'),
	s(136315, 'The Bear', '2022-06-23', [18, 35], ['en', 'US'], [150.4, 8.1, 1200], false, 32, [8, 10, 10, 10], 'h', 'FX', 'tt14452776', 'Christopher Storer', 'Jeremy Allen White, Ebon Moss-Bachrach, Ayo Edebiri, Lionel Boyce', 'A fine-dining chef comes home to Chicago to run his late brother\'s chaotic sandwich shop.', 'Yes, chef.'),
	s(84958, 'Loki', '2021-06-09', [18, 10765], ['en', 'US'], [230.7, 8.2, 11500], true, 50, [6, 6], 'd', 'Disney+', 'tt9140554', 'Michael Waldron', 'Tom Hiddleston, Owen Wilson, Sophia Di Martino, Gugu Mbatha-Raw', 'The god of mischief is arrested by a bureau that polices time, and is put to work chasing a variant of himself.', 'Glorious purpose.'),
	s(106379, 'Fallout', '2024-04-10', [10759, 10765, 18], ['en', 'US'], [330.5, 8.3, 4500], false, 60, [8, 8], 'a', 'Prime Video', 'tt12637874', 'Jonathan Nolan', 'Ella Purnell, Aaron Moten, Walton Goggins, Moisés Arias', 'Two hundred years after the bombs, a sheltered vault dweller steps out into a wasteland of scavengers and strange radiation.', 'The world ended; the show goes on.', { airing: true }),
	s(126308, 'Shōgun', '2024-02-27', [18, 10768], ['en', 'US'], [180.6, 8.6, 1600], false, 60, [10], 'h', 'FX', 'tt2788316', 'Rachel Kondo', 'Hiroyuki Sanada, Cosmo Jarvis, Anna Sawai, Tadanobu Asano', 'An English navigator shipwrecked in feudal Japan is drawn into the power games of a lord fighting for his life.', 'A game of lords.'),
	s(250307, 'The Pitt', '2025-01-09', [18], ['en', 'US'], [80.2, 8.702, 461], false, 50, [15, 15], 'm', 'HBO Max', 'tt31938062', 'R. Scott Gemmill', 'Noah Wyle, Tracy Ifeachor, Patrick Ball, Supriya Ganesh', 'One fifteen-hour shift in a Pittsburgh emergency room, told hour by hour.', 'Every hour counts.'),
	s(224372, 'A Knight of the Seven Kingdoms', '2026-01-18', [18, 10765, 10759], ['en', 'US'], [254.0, 8.2, 235], false, 35, [6], 'm', 'HBO', 'tt27497448', 'Ira Parker', 'Peter Claffey, Dexter Sol Ansell, Finn Bennett, Bertie Carvel', 'A tall, honest hedge knight and his small, sharp squire wander Westeros a century before the great war of thrones.', 'A hedge knight\'s tale.'),
	s(1405, 'Dexter', '2006-10-01', [80, 18, 9648], ['en', 'US'], [140.3, 8.2, 4000], true, 55, [12, 12, 12, 12, 12, 12, 12, 12], 'p', 'Showtime', 'tt0773262', 'James Manos Jr.', 'Michael C. Hall, Jennifer Carpenter, David Zayas, James Remar', 'A blood-spatter analyst for Miami police secretly hunts killers who slip through the system.', 'Justice with a dark side.', { last: '2013-09-22' }),
	s(44217, 'Vikings', '2013-03-03', [18, 10759], ['en', 'CA'], [160.2, 8.1, 6000], true, 45, [9, 10, 10, 20, 20, 20], 'a,h', 'History', 'tt2306299', 'Michael Hirst', 'Travis Fimmel, Katheryn Winnick, Clive Standen, Alexander Ludwig', 'A Norse farmer with a hunger for the unknown sails west, raids England and rises to become king.', 'Raid, rule, remember.'),
	// Anime
	s(1429, 'Attack on Titan', '2013-04-07', [10765, 16, 10759], ['ja', 'JP'], [145.0, 8.653, 5111], true, 24, [25, 12, 22, 30], 'h,a', 'MBS', 'tt2560140', 'Hajime Isayama', 'Yuki Kaji, Yui Ishikawa, Marina Inoue, Hiroshi Kamiya', 'Humanity hides behind towering walls from man-eating giants, until the day a colossal one breaks through.', 'The walls will not hold.', { original: '進撃の巨人' }),
	s(85937, 'Demon Slayer: Kimetsu no Yaiba', '2019-04-06', [16, 10759, 10765], ['ja', 'JP'], [319.0, 8.7, 4973], false, 24, [26, 18, 11, 8], 'n,h', 'Tokyo MX', 'tt9335498', 'Koyoharu Gotouge', 'Natsuki Hanae, Akari Kito, Hiro Shimono, Yoshitsugu Matsuoka', 'After demons slaughter his family, a gentle boy trains as a demon hunter to cure his sister, who has become one.', 'Breathe, draw, strike.', { original: '鬼滅の刃' }),
	s(95479, 'JUJUTSU KAISEN', '2020-10-03', [16, 10759, 10765], ['ja', 'JP'], [191.0, 8.6, 4182], false, 24, [24, 23], 'n', 'MBS', 'tt12343534', 'Gege Akutami', 'Junya Enoki, Yuichi Nakamura, Yuma Uchida, Asami Seto', 'A high schooler swallows a cursed finger to save his friends and joins a school of sorcerers who fight curses.', 'Curses feed on fear.', { original: '呪術廻戦', airing: true }),
	s(37854, 'One Piece', '1999-10-20', [10759, 35, 16], ['ja', 'JP'], [138.0, 8.711, 3683], false, 24, [61, 16, 14, 39, 13, 52, 33, 35, 73, 45, 26, 14, 100, 57, 62, 50, 118, 33, 54, 101, 50, 50], 'n,h', 'Fuji TV', 'tt0388629', 'Eiichiro Oda', 'Mayumi Tanaka, Kazuya Nakai, Akemi Okamura, Kappei Yamaguchi', 'A rubber-bodied boy sets sail with a growing crew of misfits to find the legendary treasure of the pirate king.', 'The grand line awaits.', { original: 'ワンピース', airing: true }),
	s(120089, 'SPY x FAMILY', '2022-04-09', [16, 35, 10759], ['ja', 'JP'], [933.0, 8.7, 938], false, 24, [25, 12, 13], 'h', 'TV Tokyo', 'tt13706018', 'Tatsuya Endo', 'Takuya Eguchi, Atsumi Tanezaki, Saori Hayami, Kenichiro Matsuda', 'A spy builds a fake family for a mission without knowing that his new wife is an assassin and his daughter reads minds.', 'Operation Strix is a family affair.', { original: 'SPY×FAMILY' }),
	s(114410, 'Chainsaw Man', '2022-10-12', [16, 10759, 10765, 35], ['ja', 'JP'], [1213.0, 8.6, 312], false, 24, [12], 'h', 'TV Tokyo', 'tt13616990', 'Tatsuki Fujimoto', 'Kikunosuke Toya, Tomori Kusunoki, Shogo Sakata, Fairouz Ai', 'A broke young devil hunter merges with his chainsaw dog and is recruited by a government agency.', 'Rip and tear, for a living.', { original: 'チェンソーマン' }),
	s(209867, 'Frieren: Beyond Journey\'s End', '2023-09-29', [16, 10759, 18, 10765], ['ja', 'JP'], [95.0, 8.773, 675], false, 24, [28, 10], 'h,n', 'Nippon TV', 'tt22248376', 'Kanehito Yamada', 'Atsumi Tanezaki, Kana Ichinose, Chiaki Kobayashi, Hiroki Touchi', 'After her hero party defeats the demon king, a long-lived elf mage sets out to understand the friends she outlived.', 'The journey after the ending.', { original: '葬送のフリーレン', airing: true }),
	s(83121, 'Kaguya-sama: Love Is War', '2019-01-12', [16, 35, 18], ['ja', 'JP'], [111.0, 8.695, 603], true, 24, [12, 12, 13], 'h', 'Tokyo MX', 'tt9522300', 'Aka Akasaka', 'Aoi Koga, Makoto Furukawa, Konomi Kohara, Yutaro Aoyama', 'Two proud student council leaders are in love and each schemes to make the other confess first.', 'Whoever confesses loses.', { original: 'かぐや様は告らせたい～天才たちの恋愛頭脳戦～' }),
	s(86031, 'Dr. STONE', '2019-07-05', [10759, 16], ['ja', 'JP'], [33.0, 8.6, 1152], false, 24, [24, 11, 22, 24], 'h', 'Tokyo MX', 'tt9679542', 'Riichiro Inagaki', 'Yusuke Kobayashi, Makoto Furukawa, Kaito Ishikawa, Manami Numakura', 'Thousands of years after humanity turned to stone, a teenage genius wakes up and sets out to rebuild civilisation with science.', 'Ten billion percent.', { original: 'Dr.STONE' }),
	s(13916, 'Death Note', '2006-10-04', [16, 80, 9648, 10765], ['ja', 'JP'], [90.0, 8.6, 4000], true, 23, [37], 'n,h', 'Nippon TV', 'tt0877057', 'Tsugumi Ohba', 'Mamoru Miyano, Kappei Yamaguchi, Shido Nakamura, Aya Hirano', 'A top student finds a notebook that kills anyone whose name is written in it, and an eccentric detective sets out to catch him.', 'Write a name, change the world.', { original: 'デスノート' }),
	s(31911, 'Fullmetal Alchemist: Brotherhood', '2009-04-05', [16, 10759, 18, 10765], ['ja', 'JP'], [85.0, 8.7, 2200], true, 24, [64], 'n,h', 'MBS', 'tt1355642', 'Hiromu Arakawa', 'Romi Park, Rie Kugimiya, Shinichiro Miki, Fumiko Orikasa', 'Two brothers who lost their bodies in a forbidden ritual search for the philosopher\'s stone to restore them.', 'Equivalent exchange.', { original: '鋼の錬金術師 FULLMETAL ALCHEMIST' }),
	s(46260, 'Naruto', '2002-10-03', [16, 10759, 35, 10765], ['ja', 'JP'], [95.0, 8.4, 6000], true, 23, [57, 43, 41, 42, 37], 'n,h', 'TV Tokyo', 'tt0409591', 'Masashi Kishimoto', 'Junko Takeuchi, Noriaki Sugiyama, Chie Nakamura, Kazuhiko Inoue', 'An orphaned, mischievous ninja with a fox spirit sealed inside him dreams of becoming his village\'s leader.', 'Believe it.', { original: 'ナルト' }),
	s(31910, 'Naruto Shippūden', '2007-02-15', [16, 10759, 10765, 35], ['ja', 'JP'], [110.0, 8.5, 7000], true, 23, [32, 21, 18, 17, 24, 31, 8, 24, 21, 25, 21, 33, 20, 25, 28, 13, 26, 20, 20, 33, 20], 'n,h', 'TV Tokyo', 'tt0988824', 'Masashi Kishimoto', 'Junko Takeuchi, Chie Nakamura, Noriaki Sugiyama, Kazuhiko Inoue', 'Older and stronger, Naruto returns home to rescue his friend and face a shadowy group hunting beings like him.', 'The will of fire burns on.', { original: 'ナルト 疾風伝', last: '2017-03-23' }),
	s(65930, 'My Hero Academia', '2016-04-03', [16, 10759, 35, 10765], ['ja', 'JP'], [120.0, 8.5, 5000], true, 24, [13, 25, 25, 25, 25, 25, 21, 11], 'h', 'MBS', 'tt5626028', 'Kohei Horikoshi', 'Daiki Yamashita, Kenta Miyake, Nobuhiko Okamoto, Ayane Sakura', 'In a world where almost everyone has a superpower, a powerless boy inherits the gift of the greatest hero.', 'Plus ultra.', { original: '僕のヒーローアカデミア' }),
	s(12971, 'Dragon Ball Z', '1989-04-26', [16, 10759, 10765], ['ja', 'JP'], [100.0, 8.3, 3800], true, 24, [39, 35, 33, 32, 26, 29, 25, 34, 38], 'h,a', 'Fuji TV', 'tt0214341', 'Akira Toriyama', 'Masako Nozawa, Ryo Horikawa, Toshio Furukawa, Mayumi Tanaka', 'Goku learns he is an alien warrior and defends Earth from ever stronger invaders, from space tyrants to androids.', 'Power levels rising.', { original: 'ドラゴンボールZ', last: '1996-01-31' }),
	s(46298, 'Hunter x Hunter', '2011-10-02', [16, 10759, 10765], ['ja', 'JP'], [95.0, 8.9, 1900], true, 23, [148], 'n,h', 'Nippon TV', 'tt2098220', 'Yoshihiro Togashi', 'Megumi Han, Mariya Ise, Miyuki Sawashiro, Keiji Fujiwara', 'A boy takes the dangerous Hunter exam to find the father who left him, making loyal friends and deadly enemies.', 'Find your father, find yourself.', { original: 'HUNTER×HUNTER' }),
	s(30991, 'Cowboy Bebop', '1998-04-03', [16, 10759, 80, 10765], ['ja', 'JP'], [60.0, 8.4, 1800], true, 24, [26], 'h', 'TV Tokyo', 'tt0213338', 'Shinichirō Watanabe', 'Koichi Yamadera, Unsho Ishizuka, Megumi Hayashibara, Aoi Tada', 'A drifting crew of bounty hunters chases criminals across the solar system in 2071, to a jazz soundtrack.', 'See you, space cowboy.', { original: 'カウボーイビバップ' }),
	s(63926, 'One-Punch Man', '2015-10-05', [16, 10759, 35, 10765], ['ja', 'JP'], [80.0, 8.4, 3500], false, 24, [12, 12, 12], 'h,n', 'TV Tokyo', 'tt4508902', 'ONE', 'Makoto Furukawa, Kaito Ishikawa, Hiroki Yasumoto, Yuki Kaji', 'A hero who beats every enemy with one punch is bored of winning and tries to find a worthy opponent.', 'One punch is all it takes.', { original: 'ワンパンマン' }),
	s(105248, 'Cyberpunk: Edgerunners', '2022-09-13', [16, 10759, 10765], ['ja', 'JP'], [70.0, 8.5, 1300], true, 25, [10], 'n', 'Netflix', 'tt12590266', 'Hiroyuki Imaishi', 'KENN, Aoi Yuki, Hiroki Touchi, Takako Honda', 'A street kid in a city of implants and corporations becomes an outlaw mercenary to survive.', 'Live fast in Night City.', { original: 'サイバーパンク エッジランナーズ' }),
	// Kids (TMDB genre 10762). Ids, names, first air dates, genres, language and
	// country from TMDB API responses saved in public repositories (Bluey's
	// `GET /tv/82728` with its seasons; list entries for the others); the dates of
	// We Bare Bears, Victorious, The Boss Baby: Back in Business and Jurassic
	// World Camp Cretaceous from their premiere announcements and season
	// articles. Season counts marked `estimated` split TMDB's episode totals.
	s(82728, 'Bluey', '2018-10-01', [16, 10762, 35], ['en', 'AU'], [47.6, 8.602, 610], false, 7, [52, 52, 49], 'd', 'ABC Kids', 'tt7678620', 'Joe Brumm', 'David McCormack, Melanie Zanetti', 'A six-year-old Blue Heeler pup turns ordinary days with her little sister and parents in Brisbane into inventive games.', 'Play is serious business.'),
	s(65334, 'Miraculous: Tales of Ladybug & Cat Noir', '2015-10-19', [10759, 16, 10762], ['fr', 'FR'], [303.8, 8.032, 4039], false, 22, spread(6, 155, { 1: 26, 2: 26, 3: 26, 4: 26, 5: 27 }), 'd', 'TF1', 'tt2580046', 'Thomas Astruc', 'Anouck Hautbois, Benjamin Bollen', 'Two Paris teenagers secretly become masked heroes with magical jewels, never guessing that their partner in battle sits in the same classroom.', 'Spots on, claws out.', { original: 'Miraculous, les aventures de Ladybug et Chat Noir', estimated: true }),
	s(95594, 'Fast & Furious Spy Racers', '2019-12-26', [16, 10759, 10762, 10751], ['en', 'US'], [561.3, 7.0, 2177], true, 24, spread(6, 52), 'n', 'Netflix', '', 'Tim Hedrick', 'Tyler Posey, Charlet Chung, Jorge Diaz, Camille Ramsey', 'A teenage street racer and his friends are recruited by a government agency to go undercover in a criminal racing league.', 'Undercover at full throttle.', { estimated: true }),
	s(93741, 'Jurassic World Camp Cretaceous', '2020-09-18', [16, 10762, 10759, 10751], ['en', 'US'], [95.0, 8.022, 1500], true, 24, spread(5, 49, { 1: 8 }), 'n', 'Netflix', '', 'Scott Kreamer', 'Paul-Mikél Williams, Jenna Ortega, Ryan Potter, Raini Rodriguez', 'Six teenagers at a new adventure camp on Isla Nublar are stranded when the dinosaurs break loose and must learn to survive together.', 'Camp just got wild.', { estimated: true }),
	s(63401, 'We Bare Bears', '2015-07-27', [16, 35, 10762], ['en', 'US'], [60.0, 8.5, 1100], true, 11, spread(4, 138), 'm', 'Cartoon Network', '', 'Daniel Chong', 'Eric Edelstein, Bobby Moynihan, Demetri Martin', 'Three bear brothers stack up, go viral and keep trying to fit in with the humans of the San Francisco Bay Area.', 'Brothers, bears, best friends.', { last: '2019-05-27', estimated: true }),
	s(31251, 'Victorious', '2010-03-27', [35, 10762], ['en', 'US'], [80.0, 8.1, 1700], true, 24, spread(4, 57), 'p', 'Nickelodeon', '', 'Dan Schneider', 'Victoria Justice, Leon Thomas III, Matt Bennett, Elizabeth Gillies', 'A teenager who stands in for her sister at a showcase wins a place at a Hollywood performing-arts high school full of big personalities.', 'Make it shine.', { last: '2013-02-02', estimated: true }),
	s(77606, 'The Boss Baby: Back in Business', '2018-04-06', [16, 10759, 35, 10762, 10765], ['en', 'US'], [40.0, 7.2, 300], true, 24, spread(4, 49, { 1: 13, 2: 13 }), 'n', 'Netflix', '', 'Brandon Sawyer', 'JP Karliak, Pierce Gagnon, Eric Bell Jr.', 'A briefcase-carrying baby juggles his job at Baby Corp with family life, with his big brother Tim as his reluctant partner.', 'Diapers mean business.', { estimated: true }),
	s(158691, 'My Little Pony: Make Your Mark', '2022-05-26', [16, 10762], ['en', 'US'], [474.7, 8.0, 41], true, 23, spread(6, 45), 'n', 'Netflix', '', 'Gillian Berrow', 'Jenna Warren, Ana Sani, Maitreyi Ramakrishnan, J.J. Gerber', 'Sunny Starscout and her pony friends learn to live with the magic that has come back to Equestria, and to protect it from those who want it for themselves.', 'Magic needs friends.', { estimated: true }),
	s(502, 'Sesame Street', '1969-11-10', [10762, 35], ['en', 'US'], [184.65, 7.044, 216], false, 30, spread(54, 4633), '', 'PBS', 'tt0063951', 'Joan Ganz Cooney', 'Caroll Spinney, Frank Oz, Kevin Clash, Sonia Manzano', 'Humans and Muppets on a friendly city street help preschoolers learn letters, numbers and kindness through songs and sketches.', 'Can you tell me how to get there?', { estimated: true }),
	s(38715, 'Sinterklaasjournaal', '2001-01-01', [10762, 10751], ['nl', 'NL'], [30.0, 7.7, 3], false, 10, Array.from({ length: 25 }, () => 20), '', 'NPO Zapp', '', 'NTR', 'Dieuwertje Blok', 'A daily children\'s news bulletin follows Saint Nicholas on his yearly journey to the Netherlands and every mishap along the way.', 'News from the steamboat.', { estimated: true }),
	// Soaps
	s(209265, 'Land of Desire', '2023-05-08', [18, 80, 10766], ['pt', 'BR'], [2172.0, 6.474, 135], true, 45, [221], 'a', 'TV Globo', 'tt26696426', 'Walcyr Carrasco', 'Barbara Reis, Cauã Reymond, Tony Ramos, Glória Pires', 'A widow fights to keep her land in the grain country of Mato Grosso do Sul against the powerful family next door.', 'The land remembers.', { original: 'Terra e Paixão' }),
	s(219109, 'Elas por Elas', '2023-09-25', [35, 9648, 10766, 18], ['pt', 'BR'], [1712.0, 5.544, 34], true, 45, [173], 'a', 'TV Globo', 'tt28621416', 'Alessandro Marson', 'Isabel Teixeira, Deborah Secco, Thalita Carauta, Karine Teles', 'Seven school friends reunite after twenty-five years, and a death at the reunion exposes old secrets.', 'Old friends, new secrets.'),
	s(197189, 'Cara e Coragem', '2022-05-30', [35, 10759, 10766], ['pt', 'BR'], [1500.0, 6.0, 30], true, 45, [179], 'a', 'TV Globo', 'tt19883484', 'Claudia Souto', 'Taís Araújo, Marcelo Serrado, Paolla Oliveira, Paulo Lessa', 'Two stunt performers are hired to protect a heiress caught in a dangerous family conspiracy.', 'Stunts on screen, danger off it.'),
	s(213026, 'Fuzue', '2023-08-14', [35, 10766], ['pt', 'BR'], [1954.0, 5.739, 23], true, 40, [155], 'a', 'TV Globo', 'tt27836014', 'Gustavo Reiz', 'Giovana Cordeiro, Nicolas Prattes, Marina Ruy Barbosa, Olivia Araújo', 'A young woman hunts for a hidden treasure that could save her family shop in a lively Rio neighbourhood.', 'A treasure map to the heart.', { original: 'Fuzuê' }),
	s(210506, 'Sangue Oculto', '2022-09-19', [10766], ['pt', 'PT'], [1417.0, 2.0, 1], true, 45, [220], 'a', 'SIC', 'tt21950374', 'António Barreira', 'Sara Matos, Albano Jerónimo, João Catarré, Maria João Bastos', 'A family of vineyard owners in the Douro is torn apart when a buried crime comes to light.', 'Blood runs deeper than wine.'),
	s(206559, 'Binnelanders', '2005-10-13', [10766], ['af', 'ZA'], [3581.0, 5.575, 20], false, 24, BINNELANDERS_SEASONS, 'n', 'kykNET', 'tt0482049', 'Friedrich Stehle', 'Anna-Mart van der Merwe, Cobus Venter, Ilse Oppelt, Morné du Toit', 'Doctors and patients of a busy Pretoria hospital live through love, loss and rivalries.', 'Life on the ward.', { airing: true }),
	s(81329, 'Chronicles of the Sun', '2018-08-27', [10766], ['fr', 'FR'], [2450.0, 7.491, 53], false, 24, UN_SI_GRAND_SOLEIL_SEASONS, 'h', 'France 2', 'tt8747396', 'Olivier Szulzynger', 'Mélanie Maudran, Gary Guénaire, Jeremy Banster, Tonya Kinzinger', 'A woman returns to Montpellier with her son and is drawn into a murder case and the lives of a sunny city.', 'Sunshine hides shadows.', { original: 'Un si grand soleil', airing: true, estimated: true }),
	s(112470, 'Here it all begins', '2020-11-02', [10766], ['fr', 'FR'], [1973.0, 6.7, 33], false, 26, ICI_TOUT_COMMENCE_SEASONS, 'h', 'TF1', 'tt13318622', 'Jean-Marc Taba', 'Catherine Marchal, Vanessa Demouy, Francis Huster, Clément Rémiens', 'Students at a prestigious culinary school in the Camargue fight for their place in the kitchen and in love.', 'Everything begins in the kitchen.', { original: 'Ici tout commence', airing: true }),
	s(235484, 'Suidooster', '2015-11-16', [10766], ['af', 'ZA'], [2026.0, 8.5, 4], false, 24, SUIDOOSTER_SEASONS, 'n', 'kykNET & kie', 'tt5343478', 'Paul Eilers', 'Denise Newman, Ashley Falken, Ilse Klink, Crystal Donna Roberts', 'The families of a close-knit Cape Town neighbourhood share a corner shop, a church and plenty of gossip.', 'Where everyone knows your business.', { estimated: true }),
	s(204370, 'Travessia', '2022-10-10', [10766, 18], ['pt', 'BR'], [1482.0, 5.0, 6], true, 45, [179], 'a', 'TV Globo', 'tt21614040', 'Gloria Perez', 'Lucy Alves, Rômulo Estrela, Chay Suede, Jade Picon', 'A young woman from Maranhão becomes the victim of a deepfake video and goes to Rio to clear her name.', 'A face can lie.'),
	s(204095, 'Mar do Sertão', '2022-08-22', [10766, 18], ['pt', 'BR'], [1479.0, 4.3, 16], true, 40, [179], 'a', 'TV Globo', 'tt21261504', 'Mário Teixeira', 'Isadora Cruz, Sergio Guizé, Renato Góes, Alexandre Nero', 'Presumed dead after a fire, a man returns to his drought-stricken town ten years later as a doctor to reclaim his love.', 'The desert keeps its promises.'),
	// Talk
	s(1220, 'The Graham Norton Show', '2007-02-22', [35, 10767], ['en', 'GB'], [118.0, 7.188, 276], false, 45, GRAHAM_NORTON_SEASONS, 'h', 'BBC One', 'tt1023262', 'Graham Norton', 'Graham Norton, Cat Deeley', 'A famous red sofa, a glass of wine and the week\'s biggest stars swapping stories with a quick-witted host.', 'Sit back for the red chair.', { airing: true, estimated: true }),
	s(63770, 'The Late Show with Stephen Colbert', '2015-09-08', [35, 10767], ['en', 'US'], [111.0, 6.2, 334], true, 60, COLBERT_SEASONS, 'p', 'CBS', 'tt3697842', 'Stephen Colbert', 'Stephen Colbert, Jon Batiste, Louis Cato', 'Nightly monologues, interviews and music with a sharp satirist at the Ed Sullivan Theater.', 'Late, but worth it.', { last: '2026-05-21', estimated: true }),
	s(22980, 'Watch What Happens Live with Andy Cohen', '2009-07-16', [10767, 35], ['en', 'US'], [143.0, 5.0, 81], false, 30, WWHL_SEASONS, 'k', 'Bravo', 'tt2057880', 'Andy Cohen', 'Andy Cohen', 'A live late-night chat with reality-TV favourites and celebrity guests, drinks and games included.', 'Live, loose and unscripted.', { airing: true, seasonNumbers: WWHL_SEASON_NUMBERS }),
	s(132544, 'Great Minds', '2021-08-30', [10767, 99], ['ko', 'KR'], [2308.0, 4.6, 10], false, 50, [20, 20, 20], 'a', 'EBS', 'tt15252566', 'Kim Jae-hwan', 'Kim Jae-hwan', 'World-renowned thinkers give lectures on the big questions of science, history and society.', 'Lessons from the best.', { original: '위대한 수업, 그레이트 마인즈' }),
	s(60694, 'Last Week Tonight with John Oliver', '2014-04-27', [35, 10767, 10763], ['en', 'US'], [90.0, 7.9, 1200], false, 30, LAST_WEEK_TONIGHT_SEASONS, 'm', 'HBO', 'tt3530232', 'John Oliver', 'John Oliver', 'A weekly comedy deep-dive into one under-covered news story, from debt collection to data brokers.', 'One story, very thoroughly.', { airing: true, estimated: true }),
	s(1489, 'Jimmy Kimmel Live!', '2003-01-26', [35, 10767], ['en', 'US'], [95.0, 5.8, 300], false, 60, KIMMEL_SEASONS, 'h', 'ABC', 'tt0320037', 'Jimmy Kimmel', 'Jimmy Kimmel, Cleto Escobedo III, Guillermo Rodriguez', 'A late-night host mixes monologue jokes, pranks and celebrity interviews from Hollywood.', 'Live-ish from Hollywood.', { airing: true, estimated: true }),
	s(59941, 'The Tonight Show Starring Jimmy Fallon', '2014-02-17', [35, 10767], ['en', 'US'], [105.0, 6.0, 350], false, 60, FALLON_SEASONS, 'k', 'NBC', 'tt3444938', 'Jimmy Fallon', 'Jimmy Fallon, Steve Higgins, The Roots', 'Games, sketches and interviews with a host who never stops having fun, from Rockefeller Center.', 'Games, guests and giggles.', { airing: true, estimated: true }),
	s(61818, 'Late Night with Seth Meyers', '2014-02-24', [35, 10767], ['en', 'US'], [85.0, 6.3, 200], false, 45, SETH_MEYERS_SEASONS, 'k', 'NBC', 'tt3513388', 'Seth Meyers', 'Seth Meyers, Fred Armisen', 'Topical jokes, the "Closer Look" segment and conversations with guests in New York.', 'A closer look, nightly.', { airing: true, estimated: true }),
	s(4419, 'Real Time with Bill Maher', '2003-02-21', [35, 10767, 10763], ['en', 'US'], [70.0, 6.5, 200], false, 60, REAL_TIME_SEASONS, 'm', 'HBO', 'tt0350448', 'Bill Maher', 'Bill Maher', 'A weekly panel of politicians, journalists and comedians argue over the news with a provocative host.', 'Argue with the news.', { airing: true, estimated: true }),
	s(1667, 'Saturday Night Live', '1975-10-11', [35, 10767], ['en', 'US'], [150.0, 7.0, 800], false, 90, SNL_SEASONS, 'k', 'NBC', 'tt0072562', 'Lorne Michaels', 'Kenan Thompson, Colin Jost, Michael Che, Bowen Yang', 'A live sketch comedy show from New York with a new celebrity host and musical guest each week.', 'Live from New York.', { airing: true }),
	// Reality
	s(33238, 'Running Man', '2010-07-11', [35, 10764], ['ko', 'KR'], [99.0, 8.3, 203], false, 80, RUNNING_MAN_SEASONS, 'a', 'SBS', 'tt2185037', 'Jo Hyo-jin', 'Yoo Jae-suk, Ji Suk-jin, Kim Jong-kook, Haha', 'Celebrities race through landmarks completing missions and ripping off each other\'s name tags.', 'Run, tag, laugh.', { original: '런닝맨', airing: true, estimated: true }),
	s(210855, 'Now what', '2022-09-26', [10764], ['nl', 'BE'], [1444.0, 5.3, 4], false, 40, [8, 8], 'n', 'VTM', 'tt22074442', 'Woestijnvis', 'Various participants', 'People at a crossroads in life try something completely new and let cameras follow the result.', 'A fresh start, on camera.'),
	s(4682, 'Strictly Come Dancing: It Takes Two', '2004-10-25', [10764], ['en', 'GB'], [1157.0, 1.0, 1], false, 30, IT_TAKES_TWO_SEASONS, 'a', 'BBC Two', 'tt0423718', 'BBC', 'Janette Manrara, Fleur East', 'A daily companion show going behind the scenes of the ballroom contest with dancers, judges and rehearsals.', 'Behind every dance.', { airing: true, estimated: true }),
	s(4656, 'Raw', '1993-01-11', [10764], ['en', 'US'], [151.0, 6.803, 350], false, 120, RAW_SEASONS, 'n,k', 'USA Network', 'tt0185103', 'Vince McMahon', 'Roman Reigns, Seth Rollins, Becky Lynch, Rhea Ripley', 'Weekly live wrestling with rivalries, championship bouts and a lot of shouting in the ring.', 'The ring is ready.', { airing: true, estimated: true }),
	s(8514, 'RuPaul\'s Drag Race', '2009-02-02', [10764], ['en', 'US'], [85.0, 7.5, 267], false, 60, [9, 12, 16, 14, 14, 14, 14, 10, 14, 14, 14, 14, 16, 16, 16, 16, 16], 'p', 'MTV', 'tt1353056', 'RuPaul', 'RuPaul, Michelle Visage, Carson Kressley, Ross Mathews', 'Drag queens compete in sewing, acting and lip-sync challenges for the crown of America\'s next drag superstar.', 'Good luck, and don\'t mess it up.', { airing: true }),
	s(12513, 'Operación Triunfo', '2001-10-22', [10764], ['es', 'ES'], [2127.0, 5.846, 13], false, 90, OPERACION_TRIUNFO_SEASONS, 'a', 'La 1', 'tt0306306', 'Gestmusic', 'Chenoa, Bisbal, Aitana Ocaña, Amaia Romero', 'Young singers live together in an academy, training for weekly live galas until one is crowned the winner.', 'The academy is open.'),
	s(235493, 'De Bondgenoten', '2023-10-22', [10764], ['nl', 'NL'], [1873.0, 6.333, 3], false, 50, [10, 10], 'n', 'RTL 4', 'tt29258632', 'RTL', 'Various contestants', 'Contestants form alliances, break them and form new ones in a strategic game for a money prize.', 'Trust is a currency.'),
	s(14658, 'Survivor', '2000-05-31', [10764], ['en', 'US'], [95.0, 7.5, 400], false, 60, SURVIVOR_SEASONS, 'p', 'CBS', 'tt0239195', 'Charlie Parsons', 'Jeff Probst', 'Strangers marooned in a remote location compete in challenges and vote each other out until one sole survivor remains.', 'Outwit, outplay, outlast.', { airing: true }),
	s(10160, 'Big Brother', '2000-07-05', [10764], ['en', 'US'], [70.0, 6.0, 300], false, 60, BIG_BROTHER_SEASONS, 'p', 'CBS', 'tt0251497', 'John de Mol', 'Julie Chen Moonves', 'Houseguests live under constant surveillance, competing for power and voting each other out each week.', 'Expect the unexpected.'),
	s(74577, 'Queer Eye', '2018-02-07', [10764], ['en', 'US'], [40.0, 8.0, 400], true, 45, [8, 8, 8, 8, 10, 10, 10, 10, 10], 'n', 'Netflix', 'tt7259746', 'David Collins', 'Antoni Porowski, Tan France, Karamo Brown, Bobby Berk', 'Five experts in food, fashion, design, grooming and culture help people make over their lives.', 'More than a makeover.'),
	// Documentary and more
	s(90, 'Mayday', '2003-09-03', [99, 18, 80], ['en', 'CA'], [94.0, 8.192, 274], false, 45, MAYDAY_SEASONS, 'a', 'Discovery Canada', 'tt0386950', 'Cineflix', 'Bob Hamilton', 'Re-enactments and interviews explain how investigators pieced together the causes of air disasters.', 'Every crash has a cause.', { airing: true, estimated: true }),
	s(93893, 'It\'s Alive! With Brad', '2016-10-21', [99, 35], ['en', 'US'], [22.0, 10.0, 2], true, 15, [4, 6, 8], 'a', 'YouTube', 'tt8359814', 'Bon Appétit', 'Brad Leone', 'A test kitchen cook follows his curiosity to farms and fermenting crocks, making it up as he goes.', 'It is alive.'),
	s(45140, 'Teen Titans Go!', '2013-04-23', [16, 10759, 35, 10751, 10765], ['en', 'US'], [78.0, 6.5, 684], false, 11, [52, 52, 52, 52, 52, 52, 52, 52, 48], 'm', 'Cartoon Network', 'tt2218106', 'Aaron Horvath', 'Scott Menville, Hynden Walch, Khary Payton, Tara Strong', 'Five young superheroes share a tower, fight villains when they must and goof off whenever they can.', 'Heroes on their day off.', { airing: true }),
	s(41956, 'Death in Paradise', '2011-10-25', [35, 80, 18, 9648], ['en', 'GB'], [88.0, 7.5, 306], false, 60, [8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8], 'h', 'BBC One', 'tt1888075', 'Robert Thorogood', 'Ralf Little, Don Warrington, Elizabeth Bourne, Tahj Miles', 'A British detective posted to a Caribbean island solves baffling murders while missing the rain.', 'Paradise has its problems.'),
]
