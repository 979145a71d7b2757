import { z } from 'zod'

// The parts of the Stremio add-on protocol Willow reads (manifest, stream and
// subtitles resources), validated with zod. Pure: no I/O. Unknown fields are
// ignored; catalogs and meta are not used.

const ResourceEntry = z.union([
	z.string().min(1).max(100),
	z.object({
		name: z.string().min(1).max(100),
		types: z.array(z.string().max(100)).max(100).optional(),
		idPrefixes: z.array(z.string().max(100)).max(1000).optional(),
	}),
])

export const AddonManifest = z.object({
	id: z.string().trim().min(1, 'the manifest has no id').max(300),
	name: z.string().trim().min(1, 'the manifest has no name').max(200),
	version: z.string().max(100).optional(),
	resources: z.array(ResourceEntry).max(100),
	types: z.array(z.string().max(100)).max(100),
	idPrefixes: z.array(z.string().max(100)).max(1000).nullish(),
})
export type AddonManifest = z.infer<typeof AddonManifest>

/** The short summary kept in the cache and in user_addons. */
export interface ManifestSummary {
	id: string
	name: string
	resources: Array<{ name: string; types: string[]; idPrefixes: string[] | null }>
}

export function summarizeManifest(manifest: AddonManifest): ManifestSummary {
	return {
		id: manifest.id,
		name: manifest.name,
		resources: manifest.resources.map((entry) =>
			typeof entry === 'string'
				? { name: entry, types: manifest.types, idPrefixes: manifest.idPrefixes ?? null }
				: { name: entry.name, types: entry.types ?? manifest.types, idPrefixes: entry.idPrefixes ?? manifest.idPrefixes ?? null },
		),
	}
}

/** Parses a manifest; the reason names the first problem (a malformed manifest makes its source answer `none`). */
export function parseManifest(input: unknown): { ok: true; manifest: ManifestSummary } | { ok: false; reason: string } {
	const result = AddonManifest.safeParse(input)
	if (result.success) return { ok: true, manifest: summarizeManifest(result.data) }
	const issue = result.error.issues[0]
	const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : ''
	return { ok: false, reason: `malformed manifest: ${issue?.message ?? 'invalid'}${where}` }
}

/** Whether the add-on offers `resource` for this type and id (types and idPrefixes of the resource, else of the manifest). */
export function offers(manifest: ManifestSummary, resource: 'stream' | 'subtitles', type: string, id: string): boolean {
	return manifest.resources.some(
		(entry) =>
			entry.name === resource &&
			entry.types.includes(type) &&
			(entry.idPrefixes === null || entry.idPrefixes.some((prefix) => id.startsWith(prefix))),
	)
}

/** The add-on's base URL: the manifest URL without `/manifest.json`. */
export function addonBaseUrl(manifestUrl: string): string {
	return manifestUrl.replace(/\/manifest\.json(?:\?.*)?$/, '')
}

/** `/stream/{type}/{id}.json` and `/subtitles/…` under the add-on's base (ids URL-encoded, as the SDK expects). */
export function resourceUrl(manifestUrl: string, resource: 'stream' | 'subtitles', type: string, id: string): string {
	return `${addonBaseUrl(manifestUrl)}/${resource}/${encodeURIComponent(type)}/${encodeURIComponent(id)}.json`
}

const Subtitle = z.object({
	id: z.union([z.string(), z.number()]).optional(),
	url: z.string().max(4000),
	lang: z.string().max(100).optional(),
})
export type AddonSubtitle = z.infer<typeof Subtitle>

export const AddonStream = z.object({
	url: z.string().max(8000).optional(),
	ytId: z.string().max(100).optional(),
	infoHash: z.string().max(200).optional(),
	nzbUrl: z.string().max(8000).optional(),
	externalUrl: z.string().max(8000).optional(),
	name: z.string().max(1000).optional(),
	title: z.string().max(4000).optional(),
	description: z.string().max(4000).optional(),
	subtitles: z.array(Subtitle).max(200).optional(),
	behaviorHints: z
		.object({
			notWebReady: z.boolean().optional(),
			bingeGroup: z.string().max(500).optional(),
			proxyHeaders: z
				.object({
					request: z.record(z.string().max(100), z.string().max(4000)).optional(),
					response: z.record(z.string().max(100), z.string().max(4000)).optional(),
				})
				.optional(),
			filename: z.string().max(1000).optional(),
		})
		.optional(),
})
export type AddonStream = z.infer<typeof AddonStream>

export const StreamsAnswer = z.object({ streams: z.array(z.unknown()).max(1000) })
export const SubtitlesAnswer = z.object({ subtitles: z.array(z.unknown()).max(1000) })

export { Subtitle as AddonSubtitleSchema }
