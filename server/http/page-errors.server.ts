import type { ErrorRequestHandler } from 'express'
import { logger } from '../logger.server.ts'

// The last error handler, for what fails before or outside React Router (a
// malformed Host header the page handler cannot turn into a URL, a broken
// request): the error screen's words (app/components/error-screen.tsx) as a
// plain page, never Express's default handler with its stack.

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

export const pageErrorHandler: ErrorRequestHandler = (error: unknown, req, res, _next) => {
	const status = (error as { status?: unknown })?.status
	const code = typeof status === 'number' && status >= 400 && status < 600 ? status : 500
	if (code >= 500) (res.locals.log ?? logger).error({ err: error, path: req.path }, 'unhandled page error')
	if (res.headersSent) {
		res.end()
		return
	}
	const requestId = typeof res.locals.requestId === 'string' ? res.locals.requestId : ''
	res
		.status(code)
		.set('Cache-Control', 'no-store')
		.type('html')
		.send(
			`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Oops! Something Broke · Willow</title></head>` +
				`<body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem"><main><h1>Oops! Something Broke</h1>` +
				`<p>An unexpected error stopped this page.</p><p><a href="/">Go to the home page</a></p>${requestId ? `<p><small>Request ${escapeHtml(requestId)}</small></p>` : ''}</main></body></html>`,
		)
}
