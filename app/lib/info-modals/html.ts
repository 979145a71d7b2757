// The owner's info-modal markup (`html: true`) is shown through an allow-list:
// the browser parses it into an inert document (DOMParser runs no scripts) and
// this pure walk keeps only simple text formatting and links, dropping every
// attribute except a safe href. The result is rendered by React as elements,
// never injected as HTML. Pure: it reads any DOM-like tree.

/** The few DOM node fields the walk reads (a browser Node satisfies it). */
export interface HtmlNodeLike {
	nodeType: number
	nodeName: string
	textContent: string | null
	childNodes: ArrayLike<HtmlNodeLike>
	getAttribute?: (name: string) => string | null
}

export type SafeTag =
	'p' | 'br' | 'strong' | 'em' | 'u' | 's' | 'small' | 'ul' | 'ol' | 'li' | 'h3' | 'h4' | 'blockquote' | 'code' | 'pre' | 'hr' | 'a'

export interface SafeElement {
	tag: SafeTag
	/** Only on links: http(s), mailto or a path on this site. */
	href?: string
	/** Links to another site open in a new tab. */
	external?: boolean
	children: SafeNode[]
}

export type SafeNode = string | SafeElement

const TEXT_NODE = 3
const ELEMENT_NODE = 1
const MAX_DEPTH = 20

/** The dialog's title is an h2, so headings in the content start at h3. */
const TAGS: Record<string, SafeTag> = {
	P: 'p',
	BR: 'br',
	STRONG: 'strong',
	B: 'strong',
	EM: 'em',
	I: 'em',
	U: 'u',
	S: 's',
	SMALL: 'small',
	UL: 'ul',
	OL: 'ol',
	LI: 'li',
	H1: 'h3',
	H2: 'h3',
	H3: 'h3',
	H4: 'h4',
	H5: 'h4',
	H6: 'h4',
	BLOCKQUOTE: 'blockquote',
	CODE: 'code',
	PRE: 'pre',
	HR: 'hr',
	A: 'a',
}

/** Elements dropped with everything inside them. */
const DROPPED = new Set([
	'SCRIPT',
	'STYLE',
	'IFRAME',
	'OBJECT',
	'EMBED',
	'TEMPLATE',
	'NOSCRIPT',
	'SVG',
	'MATH',
	'FORM',
	'INPUT',
	'BUTTON',
	'SELECT',
	'TEXTAREA',
	'HEAD',
	'TITLE',
	'META',
	'LINK',
	'IMG',
	'VIDEO',
	'AUDIO',
])

/** A link target that cannot run code: http(s), mailto, or a root-relative path (not //host). */
export function safeHref(value: string | null | undefined): { href: string; external: boolean } | undefined {
	const href = value?.trim()
	if (!href) return undefined
	if (/^https?:\/\/[^\s]+$/i.test(href)) return { href, external: true }
	if (/^mailto:[^\s]+$/i.test(href)) return { href, external: false }
	if (/^\/(?!\/)[^\s]*$/.test(href)) return { href, external: false }
	return undefined
}

function walk(nodes: ArrayLike<HtmlNodeLike>, depth: number): SafeNode[] {
	const out: SafeNode[] = []
	for (let i = 0; i < nodes.length; i++) {
		const node = nodes[i]!
		if (node.nodeType === TEXT_NODE) {
			if (node.textContent) out.push(node.textContent)
			continue
		}
		if (node.nodeType !== ELEMENT_NODE) continue
		const name = node.nodeName.toUpperCase()
		if (DROPPED.has(name)) continue
		const children = depth < MAX_DEPTH ? walk(node.childNodes, depth + 1) : node.textContent ? [node.textContent] : []
		const tag = TAGS[name]
		if (!tag) {
			// Unknown wrappers (div, span, font…) keep their content.
			out.push(...children)
			continue
		}
		if (tag === 'a') {
			const target = safeHref(node.getAttribute?.('href'))
			if (!target) {
				out.push(...children)
				continue
			}
			out.push({ tag, href: target.href, external: target.external, children })
			continue
		}
		out.push({ tag, children: tag === 'br' || tag === 'hr' ? [] : children })
	}
	return out
}

/** The allowed part of a parsed document's body (or any node's children). */
export function sanitizeHtmlTree(root: HtmlNodeLike): SafeNode[] {
	return walk(root.childNodes, 0)
}
