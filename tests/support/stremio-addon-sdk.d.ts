// The few parts of stremio-addon-sdk (a dev dependency without types) the test add-on uses.
declare module 'stremio-addon-sdk' {
	import type { RequestHandler } from 'express'

	export interface AddonManifestInput {
		id: string
		version: string
		name: string
		description?: string
		resources: Array<string | { name: string; types?: string[]; idPrefixes?: string[] }>
		types: string[]
		idPrefixes?: string[]
		catalogs: unknown[]
	}

	export interface ResourceArgs {
		type: string
		id: string
		extra: Record<string, string>
	}

	export class addonBuilder {
		constructor(manifest: AddonManifestInput)
		defineStreamHandler(handler: (args: ResourceArgs) => Promise<{ streams: unknown[] }>): this
		defineSubtitlesHandler(handler: (args: ResourceArgs) => Promise<{ subtitles: unknown[] }>): this
		getInterface(): unknown
	}

	export function getRouter(addonInterface: unknown): RequestHandler
}
