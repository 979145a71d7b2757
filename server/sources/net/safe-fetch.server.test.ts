import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OutboundRefusedError, UpstreamError, outboundHeaders, safeFetchJson, safeRequest } from './safe-fetch.server.ts'

// Outbound rules against a local server: hosts, private addresses (by literal
// and by name at connect time), redirects, size caps and timeouts.

let server: http.Server
let port = 0
const seenHeaders: http.IncomingHttpHeaders[] = []

beforeAll(async () => {
	server = http.createServer((req, res) => {
		seenHeaders.push(req.headers)
		if (req.url === '/json') return void res.setHeader('content-type', 'application/json').end('{"ok":true}')
		if (req.url === '/big') return void res.end(`"${'x'.repeat(3 * 1024 * 1024)}"`)
		if (req.url === '/big-chunked') {
			// No Content-Length: the cap must hold while reading.
			res.write('"')
			for (let i = 0; i < 40; i++) res.write('y'.repeat(64 * 1024))
			return void res.end('"')
		}
		if (req.url === '/html') return void res.end('<html>')
		if (req.url === '/to-json') return void res.writeHead(302, { location: '/json' }).end()
		if (req.url === '/to-metadata') return void res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end()
		if (req.url === '/hang') return // never answers
		res.writeHead(404).end()
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise((resolve) => server.close(resolve))
})

const local = () => ({ allowedHosts: [`127.0.0.1:${port}`], privateHosts: ['127.0.0.1'] })

describe('safeFetchJson and safeRequest', () => {
	it('fetch JSON from an allowed host, following a redirect within it', async () => {
		expect(await safeFetchJson(`http://127.0.0.1:${port}/json`, { policy: local() })).toEqual({ ok: true })
		expect(await safeFetchJson(`http://127.0.0.1:${port}/to-json`, { policy: local() })).toEqual({ ok: true })
	})

	it('refuse hosts outside the policy, private addresses not allowed to be private, and non-http URLs', async () => {
		await expect(safeFetchJson(`http://127.0.0.1:${port + 1}/json`, { policy: local() })).rejects.toThrow(OutboundRefusedError)
		await expect(
			safeFetchJson(`http://127.0.0.1:${port}/json`, { policy: { allowedHosts: [`127.0.0.1:${port}`], privateHosts: [] } }),
		).rejects.toThrow(/private address/)
		// Allowed by name, but the name resolves to loopback: refused in the connect-time lookup.
		await expect(
			safeFetchJson(`http://localhost:${port}/json`, { policy: { allowedHosts: [`localhost:${port}`], privateHosts: [] } }),
		).rejects.toThrow(/resolves to a private address/)
		await expect(safeFetchJson('file:///etc/passwd', { policy: local() })).rejects.toThrow(OutboundRefusedError)
		await expect(safeFetchJson(`http://127.0.0.1:${port}/to-metadata`, { policy: local() })).rejects.toThrow(
			/169\.254\.169\.254:80 is not an allowed host/,
		)
	})

	it('cap answers at 2 MB, declared or not', async () => {
		await expect(safeFetchJson(`http://127.0.0.1:${port}/big`, { policy: local() })).rejects.toThrow(new UpstreamError('answer too large'))
		await expect(safeFetchJson(`http://127.0.0.1:${port}/big-chunked`, { policy: local() })).rejects.toThrow('answer too large')
		await expect(safeFetchJson(`http://127.0.0.1:${port}/html`, { policy: local() })).rejects.toThrow(/not JSON/)
		await expect(safeFetchJson(`http://127.0.0.1:${port}/nothing`, { policy: local() })).rejects.toThrow(/HTTP 404/)
	})

	it('give up on a host that never answers', async () => {
		const started = Date.now()
		await expect(safeFetchJson(`http://127.0.0.1:${port}/hang`, { policy: local(), timeoutMs: 300 })).rejects.toThrow()
		expect(Date.now() - started).toBeLessThan(3000)
	})

	it('drop headers that would steer the connection, and malformed ones', async () => {
		expect(
			outboundHeaders({
				Host: 'internal',
				Referer: 'https://a',
				'X-Ok': 'yes',
				'Bad Name': 'x',
				'X-Split': 'a\r\nInjected: 1',
				Connection: 'close',
			}),
		).toEqual({ Referer: 'https://a', 'X-Ok': 'yes' })
		const response = await safeRequest(`http://127.0.0.1:${port}/json`, {
			policy: local(),
			headers: { host: 'evil.example', 'x-ok': 'yes' },
		})
		response.body.resume()
		expect(seenHeaders.at(-1)).toMatchObject({ host: `127.0.0.1:${port}`, 'x-ok': 'yes' })
	})
})
