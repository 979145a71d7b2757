import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint } from 'eslint'
import { beforeAll, describe, expect, it } from 'vitest'

// The house rules of docs/architecture.md are ESLint errors (eslint.config.js):
// each forbidden pattern is rejected in app/ or server/ and allowed in the file
// that owns it. Linted as text under a path, so no fixture file has to exist.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
let eslint: ESLint

beforeAll(() => {
	eslint = new ESLint({ cwd: root })
})

/** The rules that report `code` as if it were the file at `filePath` (relative to the repository). */
async function rulesBroken(filePath: string, code: string): Promise<string[]> {
	const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) })
	const messages = result?.messages ?? []
	const fatal = messages.find((message) => message.fatal)
	if (fatal) throw new Error(`${filePath} did not parse: ${fatal.message}`)
	return messages.filter((message) => message.severity === 2).map((message) => message.ruleId ?? '')
}

describe('configuration is read only through getEnv()', () => {
	const read = 'export const port = process.env.PORT\n'

	it('rejects process.env in app/ and server/', async () => {
		expect(await rulesBroken('app/routes/error-test.tsx', read)).toContain('no-restricted-properties')
		expect(await rulesBroken('server/logger.server.ts', read)).toContain('no-restricted-properties')
		expect(await rulesBroken('app/lib/library/library.bench.ts', read)).toContain('no-restricted-properties')
		expect(await rulesBroken('server/app.ts', 'const { env } = process\nexport const dir = env.WILLOW_BUILD_DIR\n')).toContain(
			'no-restricted-properties',
		)
		expect(
			await rulesBroken(
				'server/catalog/demo.server.ts',
				"import { env } from 'node:process'\nexport const file = env.WILLOW_DEMO_CATALOGUE\n",
			),
		).toContain('no-restricted-imports')
	})

	it('allows it in server/env.server.ts', async () => {
		expect(await rulesBroken('server/env.server.ts', read)).toEqual([])
	})
})

describe('localStorage is reached only through device storage', () => {
	const uses = [
		"export const a = window.localStorage.getItem('settings')\n",
		"export const b = localStorage.getItem('settings')\n",
		'export const c = globalThis.localStorage\n',
	]

	it('rejects localStorage in app/ and server/', async () => {
		for (const code of uses) {
			expect(await rulesBroken('app/stores/settings.ts', code)).toContain('no-restricted-syntax')
			expect(await rulesBroken('app/components/error-screen.tsx', code)).toContain('no-restricted-syntax')
			expect(await rulesBroken('server/http/some.server.ts', code)).toContain('no-restricted-syntax')
		}
	})

	it('allows it in the storage owner, and the theme boot script (a string) is not code', async () => {
		for (const code of uses) expect(await rulesBroken('app/stores/device-storage-core.ts', code)).toEqual([])
		const bootScript = "export const THEME_BOOT_SCRIPT = `(function(){var t=localStorage.getItem('theme')})()`\n"
		expect(await rulesBroken('app/stores/theme.ts', bootScript)).toEqual([])
	})
})

describe('the browser calls the API through app/utils/api-client.ts', () => {
	it('rejects fetch anywhere else in app/', async () => {
		expect(await rulesBroken('app/stores/analytics.ts', "export const sent = fetch('/e', { method: 'POST' })\n")).toContain(
			'no-restricted-globals',
		)
		expect(await rulesBroken('app/components/error-screen.tsx', "export const sent = window.fetch('/api/errors/report')\n")).toContain(
			'no-restricted-properties',
		)
		expect(await rulesBroken('app/routes/home.tsx', "export const sent = globalThis.fetch('/api/catalog/movie/popular')\n")).toContain(
			'no-restricted-properties',
		)
		expect(await rulesBroken('app/stores/analytics.ts', "export const sent = navigator.sendBeacon('/e', '{}')\n")).toContain(
			'no-restricted-properties',
		)
	})

	it('allows it in the API client, and on the server (TMDB, add-ons)', async () => {
		expect(
			await rulesBroken(
				'app/utils/api-client.ts',
				"export const a = fetch('/api/x')\nexport const b = window.fetch('/api/x')\nexport const c = navigator.sendBeacon('/e', '{}')\n",
			),
		).toEqual([])
		expect(
			await rulesBroken('server/catalog/tmdb.server.ts', "export const a = fetch('https://api.themoviedb.org/3/movie/popular')\n"),
		).toEqual([])
	})
})

describe('imports', () => {
	const serverImport = "import { getEnv } from '#server/env.server.ts'\nexport const env = getEnv()\n"

	it('rejects #server/ from app/components and app/lib', async () => {
		expect(await rulesBroken('app/components/catalog/some-row.tsx', serverImport)).toContain('no-restricted-imports')
		expect(await rulesBroken('app/lib/browse/some.ts', serverImport)).toContain('no-restricted-imports')
	})

	it('allows #server/ in route modules (their loaders run on the server)', async () => {
		expect(await rulesBroken('app/routes/some-page.tsx', serverImport)).toEqual([])
	})

	it('rejects ../../app/ (and ../server/, ../tests/) where an alias exists', async () => {
		expect(
			await rulesBroken(
				'server/images/art.ts',
				"import { NETWORKS } from '../../app/lib/catalog/networks.ts'\nexport const n = NETWORKS\n",
			),
		).toContain('no-restricted-imports')
		expect(
			await rulesBroken('server/catalog/x.server.ts', "import { seed } from '../../tests/support/db.ts'\nexport const s = seed\n"),
		).toContain('no-restricted-imports')
		expect(
			await rulesBroken('app/routes/x.tsx', "import { getEnv } from '../../server/env.server.ts'\nexport const e = getEnv\n"),
		).toContain('no-restricted-imports')
		expect(
			await rulesBroken(
				'server/images/art.ts',
				"import { NETWORKS } from '#app/lib/catalog/networks.ts'\nimport { logger } from '../logger.server.ts'\nexport const n = [NETWORKS, logger]\n",
			),
		).toEqual([])
	})
})

describe('tests', () => {
	it('may fake configuration, storage and the network', async () => {
		const code = "process.env.ENABLE_TEST_ROUTES = 'true'\nexport const a = window.localStorage\nexport const b = fetch('/api/x')\n"
		expect(await rulesBroken('app/stores/sync.test.ts', code)).toEqual([])
		expect(await rulesBroken('server/promo/promo.server.test.ts', code)).toEqual([])
	})
})

describe('import cycles', () => {
	// app/stores/sync.ts imports ./library.ts, and server/logger.server.ts imports ./env.server.ts (both on disk).
	it('rejects a cycle in app/ and server/, a dynamic import included', async () => {
		expect(await rulesBroken('app/stores/library.ts', "import { flushOutbox } from './sync.ts'\nexport const f = flushOutbox\n")).toContain(
			'import-x/no-cycle',
		)
		expect(await rulesBroken('app/stores/library.ts', "export const f = () => import('#app/stores/sync.ts')\n")).toContain(
			'import-x/no-cycle',
		)
		expect(await rulesBroken('server/env.server.ts', "import { logger } from './logger.server.ts'\nexport const l = logger\n")).toContain(
			'import-x/no-cycle',
		)
	})

	it('allows a type-only import back', async () => {
		expect(
			await rulesBroken(
				'app/stores/library.ts',
				"import type { StartupSyncOptions } from './sync.ts'\nexport const f = (o: StartupSyncOptions) => o\n",
			),
		).toEqual([])
	})
})

describe('app/lib is pure', () => {
	const file = 'app/lib/browse/probe.ts'

	it('rejects React, browser state and helpers, components and I/O', async () => {
		for (const code of [
			"import { useState } from 'react'\nexport const s = useState\n",
			"import { useLoaderData } from 'react-router'\nexport const s = useLoaderData\n",
			"import { toast } from '#app/stores/toast.ts'\nexport const t = toast\n",
			"import { apiRequest } from '#app/utils/api-client.ts'\nexport const a = apiRequest\n",
			"import { toast } from '../../stores/toast.ts'\nexport const t = toast\n",
			"import { Button } from '#app/components/ui/button.tsx'\nexport const b = Button\n",
			"import fs from 'node:fs'\nexport const f = fs\n",
		])
			expect(await rulesBroken(file, code), code).toContain('no-restricted-imports')
		expect(await rulesBroken(file, "export const f = () => fetch('/api/x')\n")).toContain('no-restricted-globals')
		expect(await rulesBroken(file, 'export const w = () => window.innerWidth\n')).toContain('no-restricted-globals')
		expect(await rulesBroken(file, "export const d = () => document.querySelector('main')\n")).toContain('no-restricted-globals')
	})

	it('allows pure code, zod and type-only imports', async () => {
		expect(
			await rulesBroken(
				file,
				"import type { ShouldRevalidateFunctionArgs } from 'react-router'\nimport { z } from 'zod'\nimport { slugify } from '../catalog/slug.ts'\nexport const s = (a: ShouldRevalidateFunctionArgs) => [a, z, slugify]\n",
			),
		).toEqual([])
	})
})

describe('focused tests', () => {
	it('rejects .only in Vitest and Playwright tests', async () => {
		const focused = [
			"import { it } from 'vitest'\nit.only('a', () => {})\n",
			"import { describe } from 'vitest'\ndescribe.only('a', () => {})\n",
			"import { describe } from 'vitest'\ndescribe.each([1]).only('a %s', () => {})\n",
			"import { test } from '@playwright/test'\ntest.only('a', () => {})\n",
			"import { test } from '@playwright/test'\ntest.describe.only('a', () => {})\n",
		]
		for (const code of focused) {
			expect(await rulesBroken('server/cache/cache.server.test.ts', code)).toContain('no-restricted-syntax')
			expect(await rulesBroken('tests/e2e/player.spec.ts', code)).toContain('no-restricted-syntax')
		}
		expect(await rulesBroken('app/lib/library/library.bench.ts', "import { bench } from 'vitest'\nbench.only('a', () => {})\n")).toContain(
			'no-restricted-syntax',
		)
	})

	it('allows the same tests unfocused', async () => {
		expect(
			await rulesBroken('tests/e2e/player.spec.ts', "import { test } from '@playwright/test'\ntest.describe('a', () => {})\n"),
		).toEqual([])
	})
})

describe('test setters (*ForTests)', () => {
	const calls = [
		"import { setPublicAddressCheckForTests } from '#server/sources/net/safe-fetch.server.ts'\nsetPublicAddressCheckForTests(() => true)\n",
		"import * as files from './owner-files.server.ts'\nexport function reset() {\n\tfiles.resetOwnerFilesForTests()\n}\n",
	]

	it('rejects calling them in production code', async () => {
		for (const code of calls) {
			expect(await rulesBroken('server/promo/promo.server.ts', code)).toContain('willow/for-tests-only')
			expect(await rulesBroken('app/routes/home.tsx', code)).toContain('willow/for-tests-only')
			expect(await rulesBroken('server.js', code.replace(/^import .*\n/, ''))).toContain('willow/for-tests-only')
		}
	})

	it('allows them in tests, benches and scripts, and allows defining them', async () => {
		for (const code of calls) {
			expect(await rulesBroken('server/promo/promo.server.test.ts', code)).toEqual([])
			expect(await rulesBroken('tests/support/api.ts', code)).toEqual([])
			expect(await rulesBroken('bench/sources/range.ts', code)).toEqual([])
			expect(await rulesBroken('scripts/verify/fuzz.ts', code)).toEqual([])
		}
		expect(
			await rulesBroken(
				'server/db/db.server.ts',
				'let handle = 0\nexport function setDatabaseForTests(next: number) {\n\thandle = next\n}\nexport const get = () => handle\n',
			),
		).toEqual([])
	})
})
