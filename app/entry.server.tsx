import { Transform } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext, type HandleErrorFunction } from 'react-router'
import { getEnv } from '#server/env.server.ts'
import { createRenderCache, renderKey, settleDeferred } from '#server/http/render-cache.server.ts'
import { logger } from '#server/logger.server.ts'
import { NonceProvider } from './utils/nonce.tsx'
import { AppStylesProvider } from './utils/app-styles.tsx'
import { serverPartsLoaded } from './components/ui/lazy-hydrated.tsx'
import { APP_CSS } from '#server/http/app-styles.server.ts'
import { paintFirstChunk } from '#server/http/paint-first.ts'

export const streamTimeout = 5_000

/** A scripts part longer than this is passed on as it is rather than held. */
const HELD_BYTES_LIMIT = 1 << 20

function paintFirstDocument(html: Buffer): Buffer {
	const result = paintFirstChunk(html)
	return result.state === 'whole' ? result.chunk : html
}

// Rendering is most of a page's cost; the same URL with the same loader data
// renders the same HTML (docs/decisions/0006-rendered-html-cache.md). Off in
// development, where modules change under a running server.
const renderCache = getEnv().NODE_ENV === 'production' ? createRenderCache() : undefined

function carriesUserData(loaderData: Record<string, unknown>): boolean {
	const root = loaderData.root as { user?: unknown } | undefined
	return Boolean(root?.user)
}

/** Client navigations fetch loader data (.data): with a session cookie, it is the visitor's own. */
export function handleDataRequest(response: Response, { request }: { request: Request }) {
	if (/(?:^|;\s*)(?:__Host-)?willow_session=/.test(request.headers.get('cookie') ?? ''))
		response.headers.set('Cache-Control', 'private, no-store')
	return response
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	routerContext: EntryContext,
	loadContext: AppLoadContext,
) {
	// A signed-in visitor's page carries their data (the header names them):
	// never stored by a shared cache or the browser's back-forward cache.
	if (carriesUserData(routerContext.staticHandlerContext.loaderData)) responseHeaders.set('Cache-Control', 'private, no-store')
	if (request.method.toUpperCase() === 'HEAD') {
		return new Response(null, { status: responseStatusCode, headers: responseHeaders })
	}
	// Right after a start, the page parts imported on demand may still be loading: a part not there yet would
	// suspend, and be sent after the rest of the page (app/components/ui/lazy-hydrated.tsx).
	const partsLoading = serverPartsLoaded()
	if (partsLoading) await partsLoading
	const nonce = loadContext.cspNonce
	const userAgent = request.headers.get('user-agent')
	// Crawlers get the whole document at once; people get the shell streamed.
	const readyOption: keyof RenderToPipeableStreamOptions =
		(userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

	const { staticHandlerContext } = routerContext
	const cacheable = renderCache && request.method.toUpperCase() === 'GET' && nonce
	const key = cacheable
		? renderKey({
				url: request.url,
				status: responseStatusCode,
				mode: readyOption,
				handoff: routerContext.serverHandoffString,
				// Deferred rows that have already resolved key the render like any data (the page is cached).
				loaderData: await settleDeferred(staticHandlerContext.loaderData),
				actionData: staticHandlerContext.actionData,
				errors: staticHandlerContext.errors,
			})
		: undefined
	let cached = key ? renderCache?.get(key, nonce) : undefined
	// The same page is being rendered for another request: use its HTML.
	if (key && cached === undefined) cached = await renderCache?.wait(key, nonce)
	if (cached !== undefined) {
		// The data stream the render would have read is not needed.
		routerContext.serverHandoffStream?.cancel().catch(() => {})
		responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
		return new Response(new Uint8Array(cached.buffer as ArrayBuffer, cached.byteOffset, cached.byteLength), {
			headers: responseHeaders,
			status: responseStatusCode,
		})
	}

	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		let failed = false
		let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)
		// The rendered HTML is kept only when the render may be cached and ends without an error.
		const chunks: Buffer[] | undefined = key ? [] : undefined
		const flight = key ? renderCache?.begin(key) : undefined

		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<AppStylesProvider value={APP_CSS}>
					<ServerRouter context={routerContext} url={request.url} nonce={nonce} />
				</AppStylesProvider>
			</NonceProvider>,
			{
				nonce,
				// Finished parts stay where they are in the HTML. By default React moves every finished
				// Suspense boundary past its first 12.8 KB to the end of the stream and reveals it
				// later by script (batched), so the lazily hydrated hero and rows painted after the
				// rows below them had: Lighthouse measured CLS 0.68 on home and 0.64 on /movies.
				progressiveChunkSize: Number.MAX_SAFE_INTEGER,
				[readyOption]() {
					shellRendered = true
					// React writes a page in many small chunks and React Router flushes the
					// compressor after each one, which compresses a first render about four
					// times worse than the whole page. Chunks written in the same tick are
					// passed on together, so streaming still flushes promptly.
					let pending: Buffer[] = []
					let scheduled = false
					// The scripts part is rewritten to run after the first paint (server/http/paint-first.ts);
					// a batch holding its start but not its end waits for the next one.
					let gated = false
					const release = (stream: Transform, last = false) => {
						scheduled = false
						if (pending.length === 0) return
						let batch = pending.length === 1 ? pending[0]! : Buffer.concat(pending)
						if (!gated) {
							const result = paintFirstChunk(batch)
							if (result.state === 'partial' && !last && batch.length < HELD_BYTES_LIMIT) return
							if (result.state === 'whole') {
								batch = result.chunk
								gated = true
							}
						}
						stream.push(batch)
						pending = []
					}
					const body = new Transform({
						transform(chunk: Buffer, _encoding, callback) {
							chunks?.push(chunk)
							pending.push(chunk)
							if (!scheduled) {
								scheduled = true
								setImmediate(() => release(this))
							}
							callback()
						},
						flush(callback) {
							release(this, true)
							callback()
						},
						final(callback) {
							clearTimeout(timeoutId)
							timeoutId = undefined
							// An aborted (timed-out) render reports its unfinished parts through onError.
							if (chunks && !failed && responseStatusCode === 200) flight?.done(paintFirstDocument(Buffer.concat(chunks)), nonce)
							else flight?.fail()
							callback()
						},
					})
					// A response the client abandoned never reaches final.
					body.on('close', () => flight?.fail())
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					pipe(body)
					resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }))
				},
				onShellError(error: unknown) {
					flight?.fail()
					reject(error)
				},
				onError(error: unknown) {
					failed = true
					responseStatusCode = 500
					loadContext.keepOutOfPageCache?.()
					if (shellRendered) logger.error({ err: error, requestId: loadContext.requestId }, 'render error')
				},
			},
		)
	})
}

/** Unexpected loader, action and render errors are logged with the request id. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
	if (request.signal.aborted) return
	const requestId = (context as AppLoadContext | undefined)?.requestId
	logger.error({ err: error, requestId, url: request.url }, 'unexpected application error')
}
