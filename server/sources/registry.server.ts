import { addonSources } from './addons/addon-sources.server.ts'
import { mediaFolderSource } from './media-folder/media-folder-source.server.ts'
import { sampleSource } from './sample/sample-source.server.ts'
import { TOKEN_SOURCE_ID, tokenSource } from './token/token-source.server.ts'
import type { PlaybackSource } from './types.ts'

/**
 * Every source a lookup asks, best-ranked first (decision 0037): the owner's
 * (the media folder, the 4K token service, the owner's add-ons in configured
 * order), then the signed-in user's add-ons (their order), then the sample
 * clips. `checking` events follow this order, and the browser ranks the
 * streams it finds by it.
 * `uiToken` decides whether the token source is asked by a full lookup (it is
 * listed whenever FOURK_SERVICE_URL is set, and asked when chosen by name, so
 * a viewer without a token hears why).
 */
export async function sourcesFor(options: {
	user: { id: string; username: string } | null
	forLookup: boolean
	uiToken?: string
	/** The one source a lookup asks (a source change in the player). */
	only?: string
	/** More owner add-on manifest URLs (the e2e suite's test switch; see api.server.ts). */
	extraOwnerAddons?: string[]
}): Promise<PlaybackSource[]> {
	const sources: PlaybackSource[] = []
	const mediaFolder = mediaFolderSource()
	if (mediaFolder) sources.push(mediaFolder)
	const token = tokenSource()
	if (token && (!options.forLookup || options.uiToken || options.only === TOKEN_SOURCE_ID)) sources.push(token)
	sources.push(...(await addonSources(options.user, { extraOwnerUrls: options.extraOwnerAddons })))
	const sample = sampleSource()
	if (sample) sources.push(sample)
	return sources
}
