import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'

// House rules of docs/architecture.md ("One way to do each thing"), each an
// error in app/ and server/ with a short allow-list of the owning files.
// tests/integration/lint-rules.test.ts proves every rule rejects its pattern.
// ESLint keeps only the last matching setting of a rule for a file, so each
// block below restates the full list for its files instead of adding to it.

const SOURCE = ['app/**/*.{ts,tsx}', 'server/**/*.ts']
const APP = ['app/**/*.{ts,tsx}']
/** Tests fake configuration, storage and the network on purpose. */
const TESTS = ['**/*.test.{ts,tsx}']

const ENV_MESSAGE = 'Read configuration through getEnv() from server/env.server.ts (add the variable to its schema).'
const processEnv = { object: 'process', property: 'env', message: ENV_MESSAGE }
const FETCH_MESSAGE = 'Call the API through app/utils/api-client.ts (apiRequest, catalogRequest, sendInBackground).'
const browserFetch = [
	...['window', 'globalThis', 'self'].map((object) => ({ object, property: 'fetch', message: FETCH_MESSAGE })),
	{ object: 'navigator', property: 'sendBeacon', message: FETCH_MESSAGE },
]
const STORAGE_MESSAGE =
	'Use device storage (app/stores/device-storage.ts, or device-storage-core.ts in the first load): it owns every localStorage key.'
const localStorageUse = [{ selector: "Identifier[name='localStorage']", message: STORAGE_MESSAGE }]

const importPaths = ['process', 'node:process'].map((name) => ({ name, importNames: ['env'], message: ENV_MESSAGE }))
const relativeRootImport = {
	regex: '^(\\.\\./)+(app|server|tests)/',
	message: 'Import across the top folders with #app/, #server/ or #tests/, not ../../.',
}
const serverImport = {
	regex: '^#server/',
	message: 'app/components and app/lib run in the browser: take server data from a route loader, not from #server/.',
}

// app/lib/ is pure (docs/architecture.md): no React, no browser state or helpers, no server, no I/O.
// Type-only imports are fine (a type from react-router describes data, it runs nothing).
const PURE_MESSAGE =
	'app/lib/ holds pure rules: no React, no #app/stores, #app/utils or components, no I/O. Move the stateful or I/O part to app/stores/ or app/utils/.'
const impureImports = {
	group: ['react', 'react/*', 'react-dom', 'react-dom/*', 'react-router', 'react-router/*'],
	allowTypeImports: true,
	message: PURE_MESSAGE,
}
// A regex: in a gitignore-style group a leading # starts a comment.
const impureAppImports = { regex: '^#app/(stores|utils|components|routes)/', allowTypeImports: true, message: PURE_MESSAGE }
const ioImports = {
	group: [
		'node:*',
		'fs',
		'fs/*',
		'path',
		'child_process',
		'http',
		'https',
		'net',
		'pg',
		'better-sqlite3',
		'ioredis',
		'kysely',
		'sharp',
		'pino',
	],
	message: PURE_MESSAGE,
}
const relativeImpureImport = { regex: '^(\\.\\./)+(stores|utils|components|routes)/', message: PURE_MESSAGE }
const ioGlobals = [
	'fetch',
	'localStorage',
	'sessionStorage',
	'indexedDB',
	'XMLHttpRequest',
	'WebSocket',
	'EventSource',
	'window',
	'document',
	'navigator',
	'location',
].map((name) => ({
	name,
	message: PURE_MESSAGE,
}))

/**
 * `*ForTests` functions replace what production relies on (the database, the outbound address
 * check, the cache): only tests, benches and scripts call them. A local rule because no core rule
 * matches a call by a name's ending.
 */
const forTestsOnly = {
	meta: {
		type: 'problem',
		schema: [],
		messages: { call: '{{name}}() is for tests, benches and scripts only; production code must not call it.' },
	},
	create(context) {
		return {
			CallExpression(node) {
				const { callee } = node
				const name =
					callee.type === 'Identifier'
						? callee.name
						: callee.type === 'MemberExpression' && callee.property.type === 'Identifier'
							? callee.property.name
							: undefined
				if (name?.endsWith('ForTests')) context.report({ node, messageId: 'call', data: { name } })
			},
		}
	},
}

export default tseslint.config(
	{ ignores: ['build/**', '.builds/**', 'node_modules/**', '.react-router/**', 'data/**', 'test-results/**', 'coverage/**'] },
	js.configs.recommended,
	...tseslint.configs.recommended,
	{
		files: ['**/*.{ts,tsx}'],
		plugins: { 'react-hooks': reactHooks },
		rules: {
			'react-hooks/rules-of-hooks': 'error',
			'react-hooks/exhaustive-deps': 'warn',
			'@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
			'@typescript-eslint/consistent-type-imports': 'error',
		},
	},
	// No import cycles in app/ or server/ (type-only imports excepted; a dynamic import counts).
	{
		files: SOURCE,
		plugins: { 'import-x': importX },
		settings: {
			'import-x/resolver-next': [createNodeResolver()],
			'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
			'import-x/extensions': ['.ts', '.tsx', '.js'],
		},
		rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
	},
	{
		files: ['**/*.js', '**/*.mjs'],
		languageOptions: { globals: { process: 'readonly', console: 'readonly' } },
	},

	// One configuration reader, one storage owner, imports by alias: app/ and server/.
	{
		files: SOURCE,
		rules: {
			'no-restricted-properties': ['error', processEnv],
			'no-restricted-syntax': ['error', ...localStorageUse],
			'no-restricted-imports': ['error', { paths: importPaths, patterns: [relativeRootImport] }],
		},
	},
	// One browser API client: app/ only (the server fetches TMDB and add-ons itself).
	{
		files: APP,
		rules: {
			'no-restricted-globals': ['error', { name: 'fetch', message: FETCH_MESSAGE }],
			'no-restricted-properties': ['error', processEnv, ...browserFetch],
		},
	},
	// Browser code does not reach into the server.
	{
		files: ['app/components/**/*.{ts,tsx}', 'app/lib/**/*.{ts,tsx}'],
		rules: {
			'no-restricted-imports': ['error', { paths: importPaths, patterns: [relativeRootImport, serverImport] }],
		},
	},

	// app/lib/ is pure.
	{
		files: ['app/lib/**/*.{ts,tsx}'],
		ignores: TESTS.concat(['**/*.bench.ts']),
		rules: {
			'no-restricted-imports': [
				'error',
				{
					paths: importPaths,
					patterns: [relativeRootImport, serverImport, impureImports, impureAppImports, ioImports, relativeImpureImport],
				},
			],
			'no-restricted-globals': [
				'error',
				{ name: 'fetch', message: FETCH_MESSAGE },
				...ioGlobals.filter((global) => global.name !== 'fetch'),
			],
		},
	},

	// The owners.
	{ files: ['server/env.server.ts'], rules: { 'no-restricted-properties': 'off' } },
	{ files: ['app/stores/device-storage-core.ts'], rules: { 'no-restricted-syntax': 'off' } },
	{
		// The service worker fetches pages and build files for offline use, never the API (decision 0030).
		files: ['app/utils/api-client.ts', 'app/service-worker/sw.ts'],
		rules: { 'no-restricted-globals': 'off', 'no-restricted-properties': ['error', processEnv] },
	},
	{
		files: TESTS,
		rules: { 'no-restricted-properties': 'off', 'no-restricted-syntax': 'off', 'no-restricted-globals': 'off' },
	},
	// Test setters (*ForTests) are called only by tests, benches and scripts.
	{
		files: ['**/*.{ts,tsx,js}'],
		ignores: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/*.bench.ts', 'tests/**', 'bench/**', 'scripts/**'],
		plugins: { willow: { rules: { 'for-tests-only': forTestsOnly } } },
		rules: { 'willow/for-tests-only': 'error' },
	},

	// A focused test (.only) silently skips the rest of the suite: never committed (Vitest's allowOnly
	// and Playwright's forbidOnly refuse it at run time too). After the TESTS block, which frees tests
	// from the source rules, so this is the only restricted syntax in test files.
	{
		files: ['**/*.test.{ts,tsx}', '**/*.spec.ts', '**/*.bench.ts', 'tests/**/*.ts'],
		rules: {
			'no-restricted-syntax': [
				'error',
				{
					selector: "MemberExpression[property.name='only']",
					message: 'Do not commit a focused test (.only): it skips every other test in the run.',
				},
			],
		},
	},
)
