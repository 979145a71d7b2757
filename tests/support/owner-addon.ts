// The owner's test add-on that the end-to-end suite runs (tests/support/owner-addon-serve.ts).

export const OWNER_ADDON_NAME = 'Willow Owner Test Add-on'
/** The Matrix: the film the owner's add-on has a stream for. */
export const OWNER_ADDON_IMDB = 'tt0133093'
export const OWNER_ADDON_TMDB = 603
export const OWNER_ADDON_STREAM_TITLE = 'The Matrix 480p MP4 (owner add-on)'
/** Forrest Gump: the add-on's stream of it is 10-bit HEVC with EAC3 in MKV, which the stream proxy re-encodes (tests/e2e/transcode-queue.spec.ts). */
export const OWNER_ADDON_TRANSCODED = {
	imdb: 'tt0109830',
	path: '/movies/13-forrest-gump',
	title: 'Forrest Gump HEVC 10-bit MKV (owner add-on)',
}
