import { Link } from 'react-router'
import { SITE_NAME } from '#app/lib/site/site.ts'

export function Logo() {
	return (
		<Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight" aria-label={`${SITE_NAME} home`}>
			<svg viewBox="0 0 32 32" className="h-7 w-7 text-accent" aria-hidden="true">
				<path
					fill="currentColor"
					d="M16 2c5 6 8 11 8 16a8 8 0 0 1-16 0c0-5 3-10 8-16Zm0 7c-2.6 3.6-4 6.6-4 9a4 4 0 0 0 8 0c0-2.4-1.4-5.4-4-9Z"
				/>
			</svg>
			<span>{SITE_NAME}</span>
		</Link>
	)
}
