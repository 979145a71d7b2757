import type { Plugin } from 'vite'

/** V8's explicit compile hint (Chromium 136 and later): the whole file's functions are compiled with the script. */
export const EAGER_COMPILE_HINT = '//# allFunctionsCalledOnLoad'

/**
 * Marks a chunk of the client build for eager compilation (decision 0071). V8 compiles a function
 * lazily, on the main thread, the first time it is called; nearly every function of the framework's
 * chunk (React DOM, React Router) runs while a page hydrates, so the hint lets V8 compile them on a
 * background thread while the file streams in (a trace of /movies: about 35 ms of compiling left on
 * the main thread instead of 105; issue 27). The app's own chunks are not marked (no gain measured; their
 * lazily loaded parts would be compiled for nothing). The comment has to be the file's first line,
 * so it goes in after minification, with the source map shifted a line and the file's hash changed.
 */
export function eagerCompileHint(...chunkNames: string[]): Plugin {
	return {
		name: 'willow:eager-compile-hint',
		apply: 'build',
		augmentChunkHash(chunk) {
			return chunkNames.includes(chunk.name) ? EAGER_COMPILE_HINT : undefined
		},
		generateBundle(_options, bundle) {
			for (const file of Object.values(bundle)) {
				if (file.type !== 'chunk' || !chunkNames.includes(file.name)) continue
				file.code = `${EAGER_COMPILE_HINT}\n${file.code}`
				if (file.map) file.map.mappings = `;${file.map.mappings}`
				const mapAsset = bundle[`${file.fileName}.map`]
				if (mapAsset?.type === 'asset' && typeof mapAsset.source === 'string') {
					const map = JSON.parse(mapAsset.source) as { mappings: string }
					mapAsset.source = JSON.stringify({ ...map, mappings: `;${map.mappings}` })
				}
			}
		},
	}
}
