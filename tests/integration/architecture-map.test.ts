import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

// docs/architecture.md is the map of the code: every folder of app/ and server/
// is named there (as `app/lib/catalog/`), so a newcomer never meets an unmapped one.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SKIPPED = new Set(['node_modules', '+types'])

/** Every folder under `top` (relative to the repository) that holds a file, at any depth. */
function foldersWithFiles(top: string): string[] {
	const found: string[] = []
	const walk = (relative: string): boolean => {
		let holdsFile = false
		for (const entry of fs.readdirSync(path.join(root, relative), { withFileTypes: true })) {
			if (entry.isDirectory()) {
				if (!SKIPPED.has(entry.name) && walk(`${relative}/${entry.name}`)) holdsFile = true
			} else holdsFile = true
		}
		if (holdsFile) found.push(relative)
		return holdsFile
	}
	walk(top)
	return found.sort()
}

describe('docs/architecture.md', () => {
	const map = fs.readFileSync(path.join(root, 'docs/architecture.md'), 'utf8')

	it.each(['app', 'server'])('names every folder of %s/', (top) => {
		const missing = foldersWithFiles(top).filter((folder) => !map.includes(`\`${folder}/\``))
		expect(missing, 'add a row for each to docs/architecture.md').toEqual([])
	})

	it('names no folder that does not exist', () => {
		const named = [...map.matchAll(/`((?:app|server)(?:\/[\w.+-]+)*)\/`/g)].map((match) => match[1]!)
		const gone = named.filter((folder) => !fs.existsSync(path.join(root, folder)))
		expect(gone).toEqual([])
	})
})
