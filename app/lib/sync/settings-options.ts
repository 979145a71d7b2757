// The option lists and limits of the settings (product.md §3, §9), without zod:
// pure rules (the player's) and the Watch click's start choices read them on
// pages that load no schema (issue 27). settings.ts builds its schemas on them.

export const QUALITY_OPTIONS = ['auto', '4K', '1080p', '720p', '480p'] as const
export const SUBTITLE_COLOURS = ['white', 'yellow', 'green', 'cyan'] as const
export const THUMBNAIL_SIZES = ['small', 'medium', 'large'] as const
export const CONTENT_FILTERS = ['unrestricted', 'moderate', 'strict'] as const
export const AUDIO_LANGUAGES = ['english', 'spanish', 'french', 'german', 'japanese'] as const
export const SUBTITLE_LANGUAGES = ['off', ...AUDIO_LANGUAGES] as const
export const SUBTITLE_SIZE_MIN = 50
export const SUBTITLE_SIZE_MAX = 200
export const SUBTITLE_SIZE_STEP = 10
export const SUBTITLE_BACKGROUNDS = ['none', 'translucent', 'solid'] as const
/** Subtitle delay in seconds, moved in 0.2 s steps (product.md §5). */
export const SUBTITLE_DELAY_LIMIT = 60

/** The player's defaults, for a device that has stored no settings. */
export const DEFAULT_PLAYER_SETTINGS = {
	autoplay: true,
	autoNext: true,
	preview: true,
	quality: 'auto',
} as const satisfies { autoplay: boolean; autoNext: boolean; preview: boolean; quality: (typeof QUALITY_OPTIONS)[number] }

/** Where to watch: 'auto' follows the browser's languages (US on the server), else a region code. */
export const DEFAULT_WATCH_REGION = 'auto'

/**
 * Every setting's default, for a device that has stored none. The schema in settings.ts gives these
 * as its defaults, so a page reads them without building it (a test checks the two agree).
 */
export const DEFAULT_SETTINGS = {
	player: DEFAULT_PLAYER_SETTINGS,
	appearance: {
		theme: 'system',
		subtitleSize: 100,
		subtitleColor: 'white',
		subtitleBackground: 'translucent',
		subtitleDelay: 0,
		thumbnailSize: 'medium',
	},
	content: {
		contentFiltering: 'unrestricted',
		preferredAudio: 'english',
		preferredSubtitles: 'english',
		watchRegion: DEFAULT_WATCH_REGION,
	},
	account: { emailUpdates: false },
	notifications: { pushNotifications: true },
} as const
