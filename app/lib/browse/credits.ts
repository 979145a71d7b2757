import type { TmdbCastMember, TmdbCrewMember } from '../catalog/tmdb-types.ts'

/** Cast and crew lists show 5 people, then a "Click for N more" button (product.md §9). */
export const CREDITS_VISIBLE = 5
/** Episode pages list up to 10 guest stars, then "+N more". */
export const GUEST_STARS_VISIBLE = 10

export function splitVisible<T>(items: readonly T[] | undefined, visible: number): { shown: T[]; hiddenCount: number } {
	const list = items ?? []
	return { shown: list.slice(0, visible), hiddenCount: Math.max(0, list.length - visible) }
}

export function moreLabel(hiddenCount: number): string {
	return `Click for ${hiddenCount} more`
}

/** Crew sorted for display: directors and writers first, each person once per job. */
export function uniqueCrew(crew: readonly TmdbCrewMember[] | undefined): TmdbCrewMember[] {
	const seen = new Set<string>()
	const rank = (job: string) => (job === 'Director' ? 0 : /writer|screenplay|story|novel/i.test(job) ? 1 : job === 'Producer' ? 2 : 3)
	return (crew ?? [])
		.filter((member) => {
			const key = `${member.id}:${member.job}`
			if (seen.has(key)) return false
			seen.add(key)
			return true
		})
		.map((member, index) => ({ member, index }))
		.sort((a, b) => rank(a.member.job) - rank(b.member.job) || a.index - b.index)
		.map((entry) => entry.member)
}

/** Cast ordered by billing. */
export function orderedCast(cast: readonly TmdbCastMember[] | undefined): TmdbCastMember[] {
	return (cast ?? [])
		.map((member, index) => ({ member, index }))
		.sort((a, b) => (a.member.order ?? a.index) - (b.member.order ?? b.index))
		.map((entry) => entry.member)
}

/** Names of the crew with the given job(s), each once. */
export function crewNames(crew: readonly TmdbCrewMember[] | undefined, jobs: RegExp): string[] {
	const names: string[] = []
	for (const member of crew ?? []) {
		if (jobs.test(member.job) && !names.includes(member.name)) names.push(member.name)
	}
	return names
}

export const DIRECTOR_JOBS = /^Director$/
export const WRITER_JOBS = /^(Writer|Screenplay|Teleplay|Story|Novel|Author)$/
