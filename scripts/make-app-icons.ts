// Makes the installed app's icons (public/icons/) from the site icon
// (public/favicon.svg): 192 and 512 px as drawn, a 512 px maskable one (the
// leaf inside the safe zone on a full-bleed background) and a 180 px Apple
// touch icon. The output is committed; run again when the site icon changes.
// Usage: npx tsx scripts/make-app-icons.ts
import fs from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

const publicDir = path.resolve(process.cwd(), 'public')
const source = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8')
const outDir = path.join(publicDir, 'icons')

const background = /<rect[^>]*fill="(#[0-9a-f]{3,8})"/i.exec(source)?.[1] ?? '#0b0b0f'
const leaf = /<path[^>]*\/>/.exec(source)?.[0]
if (!leaf) throw new Error('favicon.svg: no leaf path found')

/** The leaf on a square background filling the whole icon; `scale` is the leaf box's share of the side. */
function fullBleed(scale: number): Buffer {
	const offset = (32 - 32 * scale) / 2
	return Buffer.from(
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${background}"/><g transform="translate(${offset} ${offset}) scale(${scale})">${leaf}</g></svg>`,
	)
}

async function png(svg: Buffer | string, size: number, file: string) {
	await sharp(Buffer.from(svg), { density: Math.ceil((72 * size) / 32) })
		.resize(size, size)
		.png({ compressionLevel: 9, palette: true })
		.toFile(path.join(outDir, file))
	console.log(`${file} ${size}x${size}`)
}

fs.mkdirSync(outDir, { recursive: true })
await png(source, 192, 'icon-192.png')
await png(source, 512, 'icon-512.png')
// Maskable: launchers may crop to a circle of 80% of the side; at 75% the leaf stays well inside it.
await png(fullBleed(0.75), 512, 'maskable-512.png')
// iOS rounds the corners itself and shows transparency as black.
await png(fullBleed(0.8), 180, 'apple-touch-icon.png')
