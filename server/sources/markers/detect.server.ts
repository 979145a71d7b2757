import { mapLimit } from '../../concurrency/map-limit.ts'
import { audioFingerprint } from './fingerprint.server.ts'
import { closingSpan, findSharedMarkers, openingSpan, type EpisodePrint, type Marker } from './intro-search.ts'

export interface SeasonEpisodeFile {
	id: string
	/** Absolute path of the video. */
	file: string
	/** Seconds, from the probe. */
	duration: number
}

export interface EpisodeMarkers {
	intro: Marker | null
	credits: Marker | null
}

/**
 * Intros and credits of one season's episodes (in episode order): the opening
 * and closing quarter (at most 10 minutes each) of each is fingerprinted, then
 * compared with its neighbours. An episode that cannot be read gets no markers
 * and is left out of its neighbours' comparisons.
 */
export async function detectSeasonMarkers(episodes: readonly SeasonEpisodeFile[], concurrency = 2): Promise<Map<string, EpisodeMarkers>> {
	const prints: Array<{ head: EpisodePrint; tail: EpisodePrint } | null> = episodes.map(() => null)
	await mapLimit(episodes, concurrency, async (episode, index) => {
		try {
			const closing = closingSpan(episode.duration)
			const opening = openingSpan(episode.duration)
			const head: EpisodePrint = {
				id: episode.id,
				fingerprint: await audioFingerprint(episode.file, 0, opening),
				offset: 0,
				length: opening,
			}
			const tail: EpisodePrint = {
				id: episode.id,
				fingerprint: await audioFingerprint(episode.file, closing.start, closing.length),
				offset: closing.start,
				length: closing.length,
				closing: true,
			}
			prints[index] = { head, tail }
		} catch {
			// Unreadable audio: no markers for this one.
		}
	})
	const readable = prints.filter((print): print is NonNullable<typeof print> => print !== null)
	const intros = findSharedMarkers(readable.map((print) => print.head))
	const credits = findSharedMarkers(readable.map((print) => print.tail))
	return new Map(
		episodes.map((episode) => [episode.id, { intro: intros.get(episode.id) ?? null, credits: credits.get(episode.id) ?? null }]),
	)
}
