import { seededRandom } from '#app/lib/browse/lists.ts'
import type { ArtKind } from '#app/lib/catalog/images.ts'

// Deterministic artwork for the demo catalogue, drawn as SVG: the same title
// always gets the same colours and motif, so cards look designed rather than
// broken. Pure: no I/O; the route renders the SVG with sharp.

export interface ArtSubject {
	/** Stable seed (the art reference, e.g. "movie-550"). */
	seed: string
	title: string
	/** Small caps line: year, genre, "S1 · E3"... */
	label?: string
	/** A watch provider's logo: a square tile with its name, not a title logo. */
	tile?: boolean
}

/** The size of a provider's tile (logos are otherwise ART_SIZE.logo). */
export const TILE_SIZE = 300

export const ART_SIZE: Record<ArtKind, { width: number; height: number }> = {
	poster: { width: 1000, height: 1500 },
	backdrop: { width: 1920, height: 1080 },
	logo: { width: 800, height: 300 },
	still: { width: 1280, height: 720 },
	profile: { width: 500, height: 750 },
}

function hash(text: string) {
	let h = 0x811c9dc5
	for (const char of text) h = Math.imul(h ^ char.codePointAt(0)!, 0x01000193) >>> 0
	return h
}

/** A seeded generator, so one subject always draws the same shapes. */
function random(seed: string) {
	return seededRandom(hash(seed) || 1)
}

export function escapeXml(text: string) {
	return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!)
}

/**
 * Greedy word wrap by an estimated glyph width (bold sans ≈ 0.6 em on
 * average; pass a wider `em` where a line must never run past its box).
 */
export function wrapText(text: string, fontSize: number, maxWidth: number, maxLines: number, em = 0.6): string[] {
	const perLine = Math.max(4, Math.floor(maxWidth / (fontSize * em)))
	const lines: string[] = []
	let current = ''
	for (const word of text.split(/\s+/).filter(Boolean)) {
		const candidate = current ? `${current} ${word}` : word
		if (candidate.length <= perLine || !current) current = candidate
		else {
			lines.push(current)
			current = word
		}
	}
	if (current) lines.push(current)
	if (lines.length > maxLines) {
		const kept = lines.slice(0, maxLines)
		kept[maxLines - 1] = `${kept[maxLines - 1]!.replace(/\s*\S*$/, '')}…`
		return kept
	}
	return lines
}

const LOGO_GLYPH_EM = 0.72

const FONT = "'DejaVu Sans', 'Liberation Sans', Arial, Helvetica, sans-serif"

function palette(seed: string) {
	const rand = random(`${seed}:palette`)
	const hue = Math.floor(rand() * 360)
	const shift = 30 + Math.floor(rand() * 90)
	return {
		deep: `hsl(${hue}, 55%, 14%)`,
		mid: `hsl(${(hue + shift) % 360}, 60%, 32%)`,
		glow: `hsl(${(hue + shift / 2) % 360}, 85%, 62%)`,
		accent: `hsl(${(hue + 180) % 360}, 80%, 66%)`,
	}
}

function motif(seed: string, width: number, height: number, colours: ReturnType<typeof palette>) {
	const rand = random(`${seed}:motif`)
	const kind = Math.floor(rand() * 4)
	const shapes: string[] = []
	if (kind === 0) {
		// A low sun with rings.
		const cx = width * (0.3 + rand() * 0.4)
		const cy = height * (0.3 + rand() * 0.25)
		const r = Math.min(width, height) * (0.18 + rand() * 0.12)
		for (let i = 5; i >= 1; i--)
			shapes.push(
				`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${(r * (1 + i * 0.35)).toFixed(0)}" fill="none" stroke="${colours.glow}" stroke-opacity="${(0.05 * i).toFixed(2)}" stroke-width="${(r * 0.06).toFixed(0)}"/>`,
			)
		shapes.push(`<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}" fill="${colours.glow}" fill-opacity="0.85"/>`)
	} else if (kind === 1) {
		// Layered mountain ridges.
		for (let layer = 0; layer < 4; layer++) {
			const base = height * (0.45 + layer * 0.12)
			let points = `0,${height} 0,${base.toFixed(0)}`
			const steps = 6 + Math.floor(rand() * 4)
			for (let i = 1; i <= steps; i++) points += ` ${((width * i) / steps).toFixed(0)},${(base - rand() * height * 0.18).toFixed(0)}`
			points += ` ${width},${height}`
			shapes.push(
				`<polygon points="${points}" fill="${layer % 2 ? colours.mid : colours.deep}" fill-opacity="${(0.35 + layer * 0.15).toFixed(2)}"/>`,
			)
		}
		shapes.unshift(
			`<circle cx="${(width * (0.2 + rand() * 0.6)).toFixed(0)}" cy="${(height * 0.25).toFixed(0)}" r="${(Math.min(width, height) * 0.09).toFixed(0)}" fill="${colours.accent}" fill-opacity="0.8"/>`,
		)
	} else if (kind === 2) {
		// Diagonal light beams.
		for (let i = 0; i < 7; i++) {
			const x = width * (rand() * 1.2 - 0.1)
			const w = width * (0.04 + rand() * 0.12)
			shapes.push(
				`<polygon points="${x.toFixed(0)},0 ${(x + w).toFixed(0)},0 ${(x + w - width * 0.5).toFixed(0)},${height} ${(x - width * 0.5).toFixed(0)},${height}" fill="${i % 2 ? colours.glow : colours.accent}" fill-opacity="${(0.06 + rand() * 0.12).toFixed(2)}"/>`,
			)
		}
	} else {
		// A field of soft orbs.
		for (let i = 0; i < 14; i++) {
			const r = Math.min(width, height) * (0.03 + rand() * 0.16)
			shapes.push(
				`<circle cx="${(rand() * width).toFixed(0)}" cy="${(rand() * height).toFixed(0)}" r="${r.toFixed(0)}" fill="${i % 3 ? colours.glow : colours.accent}" fill-opacity="${(0.08 + rand() * 0.25).toFixed(2)}"/>`,
			)
		}
	}
	return shapes.join('')
}

function background(seed: string, width: number, height: number) {
	const colours = palette(seed)
	return {
		colours,
		svg:
			`<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${colours.mid}"/><stop offset="1" stop-color="${colours.deep}"/></linearGradient>` +
			`<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.75"/></linearGradient></defs>` +
			`<rect width="${width}" height="${height}" fill="url(#bg)"/>${motif(seed, width, height, colours)}`,
	}
}

function textLines(lines: string[], x: number, lastBaseline: number, fontSize: number, extra = '') {
	const lineHeight = fontSize * 1.08
	return lines
		.map(
			(line, i) =>
				`<text x="${x}" y="${(lastBaseline - (lines.length - 1 - i) * lineHeight).toFixed(0)}" font-family="${FONT}" font-weight="700" font-size="${fontSize}" fill="#fff"${extra}>${escapeXml(line)}</text>`,
		)
		.join('')
}

export function drawArt(kind: ArtKind, subject: ArtSubject): string {
	const { width, height } = ART_SIZE[kind]
	const open = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`
	const label = subject.label ? escapeXml(subject.label.toUpperCase()) : ''

	if (kind === 'logo' && subject.tile) {
		// The gradient alone, without a motif: the name must read at 48 px.
		const colours = palette(subject.seed)
		const svg = `<defs><linearGradient id="bg" x1="0" y1="0" x2="0.4" y2="1"><stop offset="0" stop-color="${colours.mid}"/><stop offset="1" stop-color="${colours.deep}"/></linearGradient></defs><rect width="${TILE_SIZE}" height="${TILE_SIZE}" fill="url(#bg)"/>`
		const fontSize = subject.title.length > 14 ? 44 : 56
		const lines = wrapText(subject.title, fontSize, TILE_SIZE - 48, 3)
		const lastBaseline = TILE_SIZE / 2 + fontSize * 0.35 + ((lines.length - 1) * fontSize * 1.08) / 2
		return `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_SIZE}" height="${TILE_SIZE}" viewBox="0 0 ${TILE_SIZE} ${TILE_SIZE}">${svg}${textLines(lines, TILE_SIZE / 2, lastBaseline, fontSize, ' text-anchor="middle"')}</svg>`
	}

	if (kind === 'logo') {
		// The logo has no margin to spare (pages show it whole), so lines wrap by a
		// wide glyph estimate: DejaVu Sans Bold runs 0.64 em a letter in mixed case.
		// A long single word (Binnelanders) cannot wrap: the type shrinks until it fits.
		const longestWord = Math.max(...subject.title.split(/\s+/).map((word) => word.length))
		const fitsWord = Math.floor((width - 40) / (longestWord * LOGO_GLYPH_EM))
		const fontSize = Math.min(subject.title.length > 24 ? 64 : subject.title.length > 14 ? 84 : 110, fitsWord)
		const lines = wrapText(subject.title, fontSize, width - 40, 2, LOGO_GLYPH_EM)
		return `${open}<defs><filter id="s"><feDropShadow dx="0" dy="4" stdDeviation="6" flood-color="#000" flood-opacity="0.6"/></filter></defs><g filter="url(#s)">${textLines(lines, 20, height / 2 + fontSize * 0.35 + ((lines.length - 1) * fontSize * 1.08) / 2, fontSize)}</g></svg>`
	}

	const { colours, svg } = background(subject.seed, width, height)
	if (kind === 'backdrop') return `${open}${svg}<rect width="${width}" height="${height}" fill="url(#shade)"/></svg>`

	if (kind === 'profile') {
		const initials = subject.title
			.split(/\s+/)
			.filter(Boolean)
			.slice(0, 2)
			.map((w) => w[0]!.toUpperCase())
			.join('')
		return (
			`${open}${svg}<circle cx="250" cy="300" r="130" fill="${colours.deep}" fill-opacity="0.55"/><ellipse cx="250" cy="700" rx="230" ry="210" fill="${colours.deep}" fill-opacity="0.55"/>` +
			`<text x="250" y="340" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="120" fill="#fff">${escapeXml(initials)}</text></svg>`
		)
	}

	if (kind === 'still') {
		return (
			`${open}${svg}<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
			(label
				? `<text x="60" y="${height - 60}" font-family="${FONT}" font-weight="700" font-size="44" letter-spacing="4" fill="#fff" fill-opacity="0.9">${label}</text>`
				: '') +
			`</svg>`
		)
	}

	// Poster: motif, shade, title in large type at the bottom, label above it.
	const fontSize = subject.title.length > 40 ? 72 : subject.title.length > 22 ? 90 : subject.title.length > 12 ? 108 : 128
	// Wide margins: cards may crop a poster's sides (object-fit: cover in a narrower box).
	const margin = 110
	const lines = wrapText(subject.title, fontSize * 0.92, width - margin * 2, 4)
	const baseline = height - 130
	const top = baseline - (lines.length - 1) * fontSize * 1.08 - fontSize
	return (
		`${open}${svg}<rect width="${width}" height="${height}" fill="url(#shade)"/>` +
		`<rect x="${margin}" y="${(top - 40).toFixed(0)}" width="120" height="10" fill="${colours.accent}"/>` +
		(label
			? `<text x="${margin}" y="${(top - 70).toFixed(0)}" font-family="${FONT}" font-weight="700" font-size="40" letter-spacing="6" fill="#fff" fill-opacity="0.85">${label}</text>`
			: '') +
		textLines(lines, margin, baseline, fontSize) +
		`</svg>`
	)
}
