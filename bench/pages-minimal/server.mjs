// Serves the minimal React Router build the same way Willow serves its own:
// Express, compression, static assets, the React Router request handler.
import path from 'node:path'
import { createRequestHandler } from '@react-router/express'
import compression from 'compression'
import express from 'express'

const buildDir = process.env.MINIMAL_BUILD_DIR ?? '/tmp/willow-bench-minimal'
const port = Number(process.env.PORT ?? 3999)
const build = await import(path.join(buildDir, 'server', 'index.js'))
const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use('/assets', express.static(path.join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y' }))
app.use(createRequestHandler({ build }))
app.listen(port, '127.0.0.1', () => console.log(`minimal listening on ${port}`))
