import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { EnvSchema, parseEnv } from '#server/env.server.ts'

// Images can not be pulled here, so the container files are checked as text:
// both parse, name only settings Willow knows, and agree with README's
// "Several app servers" section.

const root = path.resolve(import.meta.dirname, '../..')
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8')

function readmeTopologyVariables(): Set<string> {
	const readme = read('README.md')
	const start = readme.indexOf('## Several app servers')
	expect(start).toBeGreaterThan(-1)
	const section = readme.slice(start, readme.indexOf('\n## ', start + 5))
	return new Set([...section.matchAll(/`([A-Z][A-Z0-9_]{2,})(?:=[^`]*)?`/g)].map((match) => match[1]!))
}

function dockerfileEnv(): { stages: number; env: Set<string>; cmd: string | undefined; user: string | undefined } {
	// Continuation lines joined, comments dropped.
	const lines = read('Dockerfile')
		.replace(/\\\n\s*/g, ' ')
		.split('\n')
		.map((line) => line.trim())
		.filter((line) => line && !line.startsWith('#'))
	const env = new Set<string>()
	let stages = 0
	let cmd: string | undefined
	let user: string | undefined
	for (const line of lines) {
		const [instruction, ...rest] = line.split(/\s+/)
		const args = rest.join(' ')
		expect(['FROM', 'RUN', 'COPY', 'WORKDIR', 'ENV', 'USER', 'VOLUME', 'EXPOSE', 'HEALTHCHECK', 'CMD']).toContain(instruction)
		if (instruction === 'FROM') stages++
		if (instruction === 'ENV') for (const match of args.matchAll(/([A-Z][A-Z0-9_]*)=/g)) env.add(match[1]!)
		if (instruction === 'CMD') cmd = args
		if (instruction === 'USER') user = args
	}
	return { stages, env, cmd, user }
}

describe('Dockerfile and docker-compose.yml', () => {
	const known = new Set(Object.keys(EnvSchema.shape))

	it('the Dockerfile builds in a first stage and runs the built server in a second, as a non-root user', () => {
		const { stages, env, cmd, user } = dockerfileEnv()
		expect(stages).toBe(2)
		expect(cmd).toBe('["node", "server.js"]')
		expect(user).toBe('node')
		for (const name of env) expect(known, name).toContain(name)
		expect(env).toContain('NODE_ENV')
	})

	it('docker-compose.yml parses: two app servers on one PostgreSQL and one Redis behind a proxy', () => {
		const compose = parse(read('docker-compose.yml')) as {
			services: Record<string, { environment?: Record<string, string>; build?: string; image?: string }>
		}
		const apps = Object.entries(compose.services).filter(([, service]) => service.build === '.')
		expect(apps.map(([name]) => name)).toEqual(['app1', 'app2'])
		expect(compose.services.postgres?.image).toMatch(/^postgres:/)
		expect(compose.services.redis?.image).toMatch(/^redis:/)
		expect(compose.services.proxy?.image).toMatch(/^caddy:/)
		const [, first] = apps[0]!
		expect(apps[1]![1].environment).toEqual(first.environment)
		for (const name of Object.keys(first.environment ?? {})) expect(known, name).toContain(name)
		expect(first.environment?.DATABASE_URL).toMatch(/^postgres:\/\/.+@postgres:5432\//)
		expect(first.environment?.REDIS_URL).toBe('redis://redis:6379')
		// The environment parses as Willow would read it.
		expect(() => parseEnv(first.environment)).not.toThrow()
	})

	it('README\'s "Several app servers" names the same settings as the two files', () => {
		const readme = readmeTopologyVariables()
		const compose = parse(read('docker-compose.yml')) as { services: Record<string, { environment?: Record<string, string> }> }
		const inFiles = new Set([...Object.keys(compose.services.app1?.environment ?? {}), ...dockerfileEnv().env])
		for (const name of Object.keys(compose.services.app1?.environment ?? {}))
			if (name !== 'TMDB_API_KEY') expect(readme, `README lacks ${name}`).toContain(name)
		for (const name of readme) expect(inFiles, `${name} is in README but in neither file`).toContain(name)
	})
})

describe('package-lock.json', () => {
	interface LockedPackage {
		version?: string
		link?: boolean
		dependencies?: Record<string, string>
		optionalDependencies?: Record<string, string>
	}
	const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockedPackage> }
	const manifest = JSON.parse(read('package.json')) as { dependencies: Record<string, string>; devDependencies: Record<string, string> }

	/** Where Node (and npm ci) finds `name` from the package at `from`: its own node_modules, then each parent's. */
	function resolve(from: string, name: string): LockedPackage | undefined {
		let dir = from
		for (;;) {
			const found = lock.packages[`${dir ? `${dir}/` : ''}node_modules/${name}`]
			if (found) return found
			if (!dir) return undefined
			const parent = dir.lastIndexOf('/node_modules/')
			dir = parent === -1 ? '' : dir.slice(0, parent)
		}
	}

	it('pins every package of package.json at its exact version', () => {
		for (const [name, version] of Object.entries({ ...manifest.dependencies, ...manifest.devDependencies })) {
			expect(version, name).toMatch(/^\d+\.\d+\.\d+$/)
			expect(resolve('', name)?.version, name).toBe(version)
		}
	})

	it("lists every platform's optional package, so npm ci installs on any machine", () => {
		const missing: string[] = []
		for (const [at, locked] of Object.entries(lock.packages)) {
			if (locked.link) continue
			for (const name of Object.keys({ ...locked.dependencies, ...locked.optionalDependencies })) {
				if (!resolve(at, name)) missing.push(`${name} (for ${at || 'the project'})`)
			}
		}
		expect(missing).toEqual([])
	})

	it('the Dockerfile and CI install with npm ci, from the lockfile', () => {
		const runs = read('Dockerfile')
			.split('\n')
			.filter((line) => line.startsWith('RUN '))
		expect(runs.some((line) => /\bnpm ci\b/.test(line))).toBe(true)
		expect(runs.filter((line) => /\bnpm (install|i)\b/.test(line))).toEqual([])
		expect(read('.ci/run')).toMatch(/^npm ci$/m)
	})
})
