import { addonSources } from './addons/addon-sources.server.ts'
import { mediaFolderSource } from './media-folder/media-folder-source.server.ts'
import { sampleSource } from './sample/sample-source.server.ts'
import { tokenSource } from './token/token-source.server.ts'
import type { PlaybackSource } from './types.ts'

/**
 * Every source a lookup asks, in the fixed order its `checking` events are
 * sent: sample clips, the media folder, the 4K token service, then add-ons
 * (the owner's in configured order, then the signed-in user's).
 * `uiToken` decides whether the token source is asked (it is listed whenever
 * FOURK_SERVICE_URL is set).
 */
export async function sourcesFor(options: {
	user: { id: string; username: string } | null
	forLookup: boolean
	uiToken?: string
}): Promise<PlaybackSource[]> {
	const sources: PlaybackSource[] = []
	const sample = sampleSource()
	if (sample) sources.push(sample)
	const mediaFolder = mediaFolderSource()
	if (mediaFolder) sources.push(mediaFolder)
	const token = tokenSource()
	if (token && (!options.forLookup || options.uiToken)) sources.push(token)
	sources.push(...(await addonSources(options.user)))
	return sources
}
