import { createElement, type ReactNode, type SVGProps } from 'react'

/**
 * The icon component behind every lucide icon (the build points each icon file's
 * `createLucideIcon` here; see lucideIconImports in vite.config.ts). Lucide's own runtime
 * (sizes, stroke scaling, a context, class merging) is about 6 KB of every page's first load
 * for options this site never uses; this draws the same SVG from the same icon data:
 * 24 × 24, stroke in the text colour, hidden from assistive technology unless labelled.
 */
interface IconData {
	name: string
	size?: number
	node: Array<[string, Record<string, string>]>
}

type IconProps = SVGProps<SVGSVGElement> & { children?: ReactNode }

/** Labelled: lucide hides an icon from assistive technology unless it has a label, a role, a title or children. */
function labelled(props: IconProps) {
	return Boolean(props.children) || Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title')
}

export default function createLucideIcon(icon: IconData) {
	const box = icon.size ?? 24
	return function LucideIcon({ className, children, ...props }: IconProps) {
		return createElement(
			'svg',
			{
				xmlns: 'http://www.w3.org/2000/svg',
				width: 24,
				height: 24,
				viewBox: `0 0 ${box} ${box}`,
				fill: 'none',
				stroke: 'currentColor',
				strokeWidth: 2,
				strokeLinecap: 'round',
				strokeLinejoin: 'round',
				className: className ? `lucide ${className}` : 'lucide',
				...(labelled({ children, ...props }) ? {} : { 'aria-hidden': 'true' }),
				...props,
			},
			...icon.node.map(([tag, attributes]) => createElement(tag, attributes)),
			children,
		)
	}
}
