import crypto from 'node:crypto'
import { createCachedLoader, getCache, type Cache } from '../../cache/cache.server.ts'
import { getDatabase } from '../../db/db.server.ts'
import { getEnv } from '../../env.server.ts'
import { logger } from '../../logger.server.ts'
import { hostKeyOf, originForLog, parseHttpUrl, type OutboundPolicy } from '../net/address-policy.ts'
import { OutboundRefusedError, UpstreamError, safeFetchJson } from '../net/safe-fetch.server.ts'
import { signProxyUrl } from '../proxy/proxy.server.ts'
import { remuxAvailable } from '../proxy/remux.server.ts'
import type { LookupContext, PlaybackSource, ScrapeRequest, SourceResult } from '../types.ts'
import { mapAddonAnswer } from './map-streams.ts'
import { StreamsAnswer, SubtitlesAnswer, offers, parseManifest, resourceUrl, type ManifestSummary } from './protocol.ts'

// Stremio add-ons as playback sources: the owner's (STREMIO_ADDONS, in the
// configured order, which may live on the LAN) and then the signed-in user's
// own (user_addons, public addresses only). Manifests are kept in the shared
// cache: fresh for 5 minutes, then refreshed in the background.

const MANIFEST_TTL_MS = 5 * 60_000
/** Long, since listing sources names the owner's add-ons from the manifest held here and never waits for a fresh one. */
const MANIFEST_STALE_MS = 7 * 24 * 60 * 60_000
const REQUEST_TIMEOUT_MS = 8000

export interface AddonRef {
	manifestUrl: string
	/** The owner's add-ons may be on private addresses (their own host only). */
	owner: boolean
}

/** `addon:<hash of the manifest URL>`: the same add-on has the same id for everyone. */
export function addonSourceId(manifestUrl: string): string {
	return `addon:${crypto.createHash('sha256').update(manifestUrl).digest('hex').slice(0, 16)}`
}

/** The owner's manifest URLs from STREMIO_ADDONS (commas between), in order; bad entries are logged and left out. */
export function ownerAddonUrls(): string[] {
	const raw = getEnv().STREMIO_ADDONS
	if (!raw) return []
	const urls: string[] = []
	for (const [position, entry] of raw
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean)
		.entries()) {
		const url = parseHttpUrl(entry)
		if (!url) {
			// The position, not the text: a manifest URL may hold a key.
			logger.warn({ position: position + 1 }, 'STREMIO_ADDONS: an entry is not an http(s) URL, ignored')
			continue
		}
		if (!urls.includes(url.href)) urls.push(url.href)
	}
	return urls
}

/** The outbound policy for asking an add-on itself (its own host only). */
export function addonPolicy(ref: AddonRef): OutboundPolicy {
	const url = new URL(ref.manifestUrl)
	return { allowedHosts: [hostKeyOf(url)], privateHosts: ref.owner ? [url.hostname.toLowerCase()] : [] }
}

type ManifestResult = { ok: true; manifest: ManifestSummary } | { ok: false; reason: string }

let loaderCache: Cache | undefined
let loader: ReturnType<typeof createCachedLoader> | undefined

function cachedLoader() {
	const cache = getCache()
	if (!loader || loaderCache !== cache) {
		loaderCache = cache
		loader = createCachedLoader(cache)
	}
	return loader
}

/** Fetches and validates a manifest without the cache (adding a user's add-on checks it fresh). */
export async function fetchManifest(ref: AddonRef, signal?: AbortSignal): Promise<ManifestResult> {
	const body = await safeFetchJson(ref.manifestUrl, { policy: addonPolicy(ref), signal, timeoutMs: REQUEST_TIMEOUT_MS })
	return parseManifest(body)
}

const manifestKey = (ref: AddonRef) => `addon-manifest:${ref.owner ? 'owner' : 'user'}:${addonSourceId(ref.manifestUrl)}`

/**
 * The add-on's manifest, cached. A malformed manifest is cached as such (it
 * will not fix itself in a second); an unreachable add-on is asked again next time.
 */
export function loadManifest(ref: AddonRef): Promise<ManifestResult> {
	return cachedLoader()(manifestKey(ref), { ttlMs: MANIFEST_TTL_MS, staleMs: MANIFEST_STALE_MS }, () => fetchManifest(ref))
}

/** The manifest held in the cache (fresh or stale), without asking the add-on: undefined when none is held. */
function heldManifest(ref: AddonRef): Promise<ManifestResult | undefined> {
	return cachedLoader().peek<ManifestResult>(manifestKey(ref))
}

/**
 * Loads the owner's add-ons' manifests (each app server at start), so the
 * first visitor's source list already has their names; settles when every one
 * has answered or failed.
 */
export async function warmOwnerAddonManifests(): Promise<void> {
	await Promise.allSettled(ownerAddonUrls().map((manifestUrl) => loadManifest({ manifestUrl, owner: true })))
}

function reasonOf(error: unknown): string {
	if (error instanceof OutboundRefusedError) return `refused: ${error.message}`
	if (error instanceof UpstreamError) return error.message
	if (error instanceof Error && error.name === 'AbortError') return 'timed out'
	return 'the add-on did not answer'
}

/** The Stremio id of a title: `tt…` for a film, `tt…:season:episode` for an episode. */
export function stremioIdOf(request: ScrapeRequest): { type: 'movie' | 'series'; id: string } | null {
	if (!request.imdbId) return null
	if (request.type === 'movie') return { type: 'movie', id: request.imdbId }
	if (!request.season || !request.episode) return null
	return { type: 'series', id: `${request.imdbId}:${request.season.number}:${request.episode.number}` }
}

async function askResource(
	ref: AddonRef,
	resource: 'stream' | 'subtitles',
	type: string,
	id: string,
	signal: AbortSignal,
): Promise<unknown[]> {
	const body = await safeFetchJson(resourceUrl(ref.manifestUrl, resource, type, id), {
		policy: addonPolicy(ref),
		signal,
		timeoutMs: REQUEST_TIMEOUT_MS,
	})
	const parsed = resource === 'stream' ? StreamsAnswer.safeParse(body) : SubtitlesAnswer.safeParse(body)
	if (!parsed.success) throw new UpstreamError(resource === 'stream' ? 'malformed stream list' : 'malformed subtitle list')
	return 'streams' in parsed.data ? parsed.data.streams : parsed.data.subtitles
}

export async function lookupAddon(
	ref: AddonRef,
	source: { id: string; name: string },
	request: ScrapeRequest,
	context: LookupContext,
): Promise<SourceResult> {
	const wanted = stremioIdOf(request)
	if (!wanted) return { kind: 'none', reason: 'no IMDb id' }
	let manifest: ManifestResult
	try {
		manifest = await untilAborted(loadManifest(ref), context.signal)
	} catch (error) {
		return failed(ref, source, 'manifest', error, context.signal)
	}
	if (!manifest.ok) {
		logFailure(ref, source, 'manifest', manifest.reason)
		return { kind: 'none', reason: manifest.reason }
	}
	const wantsStreams = offers(manifest.manifest, 'stream', wanted.type, wanted.id)
	const wantsSubtitles = offers(manifest.manifest, 'subtitles', wanted.type, wanted.id)
	if (!wantsStreams && !wantsSubtitles) return { kind: 'none', reason: 'the add-on has nothing for this title' }

	const [streams, subtitles] = await Promise.allSettled([
		wantsStreams ? askResource(ref, 'stream', wanted.type, wanted.id, context.signal) : Promise.resolve(undefined),
		wantsSubtitles ? askResource(ref, 'subtitles', wanted.type, wanted.id, context.signal) : Promise.resolve(undefined),
	])
	if (subtitles.status === 'rejected' && !wantsStreams) return failed(ref, source, 'subtitles', subtitles.reason, context.signal)
	if (streams.status === 'rejected') return failed(ref, source, 'stream', streams.reason, context.signal, subtitles)
	if (subtitles.status === 'rejected' && (!context.signal.aborted || cutOffByTimeout(context.signal)))
		logFailure(ref, source, 'subtitles', reasonOf(subtitles.reason))
	// Subtitles are extra: a broken subtitle list leaves the streams alone.
	const subtitleList = subtitles.status === 'fulfilled' ? subtitles.value : undefined
	const result = await mapAddonAnswer({
		sourceId: source.id,
		sourceName: source.name,
		manifestUrl: ref.manifestUrl,
		owner: ref.owner,
		streams: streams.status === 'fulfilled' ? streams.value : undefined,
		subtitles: subtitleList,
		signProxyUrl: (target) => signProxyUrl(target),
		remuxAvailable: remuxAvailable(),
	})
	return result
}

/** The manifest load is shared by concurrent lookups, so one lookup's abort only stops its own wait. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
	if (signal.aborted) return Promise.reject(abortError())
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(abortError())
		signal.addEventListener('abort', onAbort, { once: true })
		promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
	})
}

function abortError() {
	const error = new Error('timed out')
	error.name = 'AbortError'
	return error
}

/**
 * One warn line per failed add-on request (issue 25 item 8), with the reason
 * (timed out, HTTP status, not JSON, malformed, refused) and the add-on's
 * origin only: a manifest URL's path or query may hold the owner's key.
 */
function logFailure(ref: AddonRef, source: { id: string; name: string }, request: 'manifest' | 'stream' | 'subtitles', reason: string) {
	logger.warn({ addon: originForLog(ref.manifestUrl), source: source.id, name: source.name, request, reason }, 'add-on failed')
}

/** Whether the lookup gave up on this source (its timeout), as opposed to the viewer leaving. */
function cutOffByTimeout(signal: AbortSignal) {
	const why: unknown = signal.reason
	if (!signal.aborted || !(why instanceof Error)) return false
	return why.message === 'timed out' || why.name === 'TimeoutError'
}

async function failed(
	ref: AddonRef,
	source: { id: string; name: string },
	request: 'manifest' | 'stream' | 'subtitles',
	error: unknown,
	signal: AbortSignal,
	subtitles?: PromiseSettledResult<unknown[] | undefined>,
): Promise<SourceResult> {
	const reason = reasonOf(error)
	// A viewer who left is no failure of the add-on's.
	if (!signal.aborted || cutOffByTimeout(signal)) logFailure(ref, source, request, reason)
	// The streams failed but the subtitles came: they are still worth offering.
	if (subtitles?.status === 'fulfilled' && subtitles.value && subtitles.value.length > 0) {
		const result = await mapAddonAnswer({
			sourceId: source.id,
			sourceName: source.name,
			manifestUrl: ref.manifestUrl,
			owner: ref.owner,
			streams: undefined,
			subtitles: subtitles.value,
			signProxyUrl: (target) => signProxyUrl(target),
			remuxAvailable: remuxAvailable(),
		})
		if (result.kind !== 'none') return result
	}
	return { kind: 'none', reason }
}

function fallbackName(manifestUrl: string) {
	return new URL(manifestUrl).host
}

function addonSource(ref: AddonRef, name: string): PlaybackSource {
	const id = addonSourceId(ref.manifestUrl)
	return { id, name, kind: 'addon', lookup: (request, context) => lookupAddon(ref, { id, name }, request, context) }
}

/**
 * The owner's add-ons, named by the manifest the cache holds, else by their
 * hosts. Listing never waits for an add-on (issue 25 item 3): on Watch the
 * lookup and the player's source list would otherwise wait on one that hangs.
 * A manifest not held, or held stale, is loaded in the background (one
 * request per add-on at a time), so a later listing has the name.
 */
async function ownerSources(urls: string[]): Promise<PlaybackSource[]> {
	const refs = urls.map((manifestUrl) => ({ manifestUrl, owner: true }))
	const names = await Promise.all(
		refs.map(async (ref) => {
			const held = await heldManifest(ref)
			void loadManifest(ref).catch(() => {})
			return held?.ok ? held.manifest.name : fallbackName(ref.manifestUrl)
		}),
	)
	return refs.map((ref, index) => addonSource(ref, names[index]!))
}

/** Every add-on source for a visitor: the owner's first (configured order), then the user's own (their order, named when added). */
export async function addonSources(
	user: { id: string; username: string } | null,
	options: { extraOwnerUrls?: string[] } = {},
): Promise<PlaybackSource[]> {
	const ownerUrls = ownerAddonUrls()
	for (const url of options.extraOwnerUrls ?? []) if (!ownerUrls.includes(url)) ownerUrls.push(url)
	const sources = await ownerSources(ownerUrls)
	if (!user) return sources
	const seen = new Set(sources.map((source) => source.id))
	const rows = await getDatabase()
		.db.selectFrom('user_addons')
		.select(['manifest_url', 'name'])
		.where('user_id', '=', user.id)
		.orderBy('position')
		.execute()
	for (const row of rows) {
		const source = addonSource({ manifestUrl: row.manifest_url, owner: false }, row.name)
		if (seen.has(source.id)) continue
		seen.add(source.id)
		sources.push(source)
	}
	return sources
}
