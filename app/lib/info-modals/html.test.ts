import { describe, expect, it } from 'vitest'
import { safeHref, sanitizeHtmlTree, type HtmlNodeLike } from './html.ts'

const text = (value: string): HtmlNodeLike => ({ nodeType: 3, nodeName: '#text', textContent: value, childNodes: [] })
function el(name: string, attributes: Record<string, string>, ...children: HtmlNodeLike[]): HtmlNodeLike {
	return {
		nodeType: 1,
		nodeName: name,
		textContent: children.map((c) => c.textContent ?? '').join(''),
		childNodes: children,
		getAttribute: (key) => attributes[key] ?? null,
	}
}

describe('info modal markup', () => {
	it('keeps text formatting and safe links, without attributes', () => {
		const root = el(
			'BODY',
			{},
			el('P', { class: 'x', style: 'color:red', onclick: 'alert(1)' }, text('Hello '), el('B', {}, text('there'))),
			el('A', { href: 'https://example.com/', onmouseover: 'x()' }, text('site')),
			el('A', { href: '/partners' }, text('partners')),
		)
		expect(sanitizeHtmlTree(root)).toEqual([
			{ tag: 'p', children: ['Hello ', { tag: 'strong', children: ['there'] }] },
			{ tag: 'a', href: 'https://example.com/', external: true, children: ['site'] },
			{ tag: 'a', href: '/partners', external: false, children: ['partners'] },
		])
	})

	it('drops scripts, frames, forms and images with their content, and unwraps unknown elements', () => {
		const root = el(
			'BODY',
			{},
			el('SCRIPT', {}, text('alert(1)')),
			el('IFRAME', { src: 'https://evil.example' }),
			el('DIV', {}, el('SPAN', {}, text('kept'))),
			el('IMG', { src: 'x', onerror: 'alert(1)' }),
			el('FORM', {}, text('login')),
		)
		expect(sanitizeHtmlTree(root)).toEqual(['kept'])
	})

	it('turns links with unsafe targets into their text, and puts headings below the dialog title', () => {
		const root = el(
			'BODY',
			{},
			el('A', { href: 'javascript:alert(1)' }, text('bad')),
			el('A', { href: '//evil.example/' }, text('also bad')),
			el('H1', {}, text('Big')),
			el('H5', {}, text('Small')),
		)
		expect(sanitizeHtmlTree(root)).toEqual(['bad', 'also bad', { tag: 'h3', children: ['Big'] }, { tag: 'h4', children: ['Small'] }])
	})

	it('accepts http(s), mailto and site paths only', () => {
		expect(safeHref('mailto:owner@example.com')).toEqual({ href: 'mailto:owner@example.com', external: false })
		expect(safeHref(' JavaScript:alert(1)')).toBeUndefined()
		expect(safeHref('data:text/html,x')).toBeUndefined()
		expect(safeHref('')).toBeUndefined()
	})
})
