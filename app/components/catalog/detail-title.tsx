import { useState } from 'react'
import { MediaImage } from './media-image.tsx'

/**
 * A detail page's title: the logo when there is one (the heading stays for
 * screen readers and search engines), the title text otherwise or when the
 * logo fails to load.
 */
export function DetailTitle({ title, logoPath }: { title: string; logoPath: string | null }) {
	const [logoFailed, setLogoFailed] = useState(false)
	const showLogo = Boolean(logoPath) && !logoFailed
	return (
		<>
			{showLogo ? <MediaImage path={logoPath} kind="logo" alt="" sizes="320px" priority onFailed={() => setLogoFailed(true)} className="h-auto max-h-24 w-auto max-w-xs object-contain object-left" /> : null}
			<h1 className={showLogo ? 'sr-only' : 'text-3xl font-black tracking-tight sm:text-5xl'} data-testid="detail-title">
				{title}
			</h1>
		</>
	)
}
