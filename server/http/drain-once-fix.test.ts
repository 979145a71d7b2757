import type { AddressInfo } from 'node:net'
import http from 'node:http'
import zlib from 'node:zlib'
import compression from 'compression'
import express from 'express'
import { afterEach, describe, expect, it } from 'vitest'
import { drainOnceFix } from './middleware.server.ts'

// A response written under backpressure the way React Router writes pages:
// write until false, then wait with once('drain'), many times over.
function app(withFix: boolean) {
	const server = express()
	server.use(compression({ level: 1, threshold: 0 }))
	if (withFix) server.use(drainOnceFix)
	server.get('/', async (_req, res) => {
		res.setHeader('Content-Type', 'text/html')
		const chunk = Buffer.from(Array.from({ length: 64 * 1024 }, (_, i) => String.fromCharCode(33 + ((i * 7919) % 90))).join(''))
		for (let i = 0; i < 40; i++) {
			if (!res.write(chunk)) {
				await new Promise<void>((resolve) => {
					const onDrain = () => {
						res.off('drain', onDrain)
						resolve()
					}
					res.once('drain', onDrain)
				})
			}
		}
		res.end()
	})
	return server
}

let close: (() => void) | undefined
afterEach(() => close?.())

async function fetchSlowly(port: number) {
	// Read slowly so the writer meets backpressure.
	await new Promise<void>((resolve, reject) => {
		http
			.get({ port, host: '127.0.0.1', path: '/', headers: { 'accept-encoding': 'gzip' } }, (res) => {
				const gunzip = res.pipe(zlib.createGunzip())
				gunzip.on('data', () => {
					gunzip.pause()
					setTimeout(() => gunzip.resume(), 1)
				})
				gunzip.on('end', resolve)
				gunzip.on('error', reject)
			})
			.on('error', reject)
	})
}

describe('drainOnceFix', () => {
	for (const withFix of [false, true]) {
		it(`${withFix ? 'leaves no' : 'without it, compression leaves'} drain listeners behind`, async () => {
			const warnings: string[] = []
			const onWarning = (warning: Error) => warnings.push(warning.message)
			process.on('warning', onWarning)
			const server = app(withFix)
			const listener = server.listen(0, '127.0.0.1')
			await new Promise((resolve) => listener.once('listening', resolve))
			close = () => listener.close()
			await fetchSlowly((listener.address() as AddressInfo).port)
			await new Promise((resolve) => setTimeout(resolve, 50))
			process.off('warning', onWarning)
			const leaks = warnings.filter((message) => message.includes('drain listeners'))
			if (withFix) expect(leaks).toEqual([])
			else expect(leaks.length).toBeGreaterThan(0)
		})
	}
})
