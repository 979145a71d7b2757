// Development server: Express with Vite's middleware and hot module reload.
import { createServer } from 'vite'
import type * as AppModule from './app.ts'
import type * as CreateAppModule from './create-app.server.ts'
import { getEnv } from './env.server.ts'

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
const { createApp } = (await vite.ssrLoadModule('./server/create-app.server.ts')) as typeof CreateAppModule
const { prepare } = (await vite.ssrLoadModule('./server/app.ts')) as typeof AppModule
await prepare()
const { createRequestHandler } = await import('@react-router/express')
const app = createApp({
	beforePages: [vite.middlewares],
	pageHandler: createRequestHandler({
		build: () => vite.ssrLoadModule('virtual:react-router/server-build') as never,
		getLoadContext: (_req, res) => ({ cspNonce: res.locals.cspNonce, requestId: res.locals.requestId }),
	}),
})
const { PORT } = getEnv()
app.listen(PORT, () => console.log(`Willow (dev) on http://localhost:${PORT}`))
