import { Link } from 'react-router'
import { cn } from '#app/lib/ui/cn.ts'
import { FOOTER_LINKS, FOOTER_TAGLINES } from '#app/lib/site/site.ts'
import { Logo } from './logo.tsx'
import { ThemeToggle } from './theme-toggle.tsx'

/** Footer with site links; `taglineIndex` is chosen on the server so SSR and hydration agree. */
export function SiteFooter({ taglineIndex }: { taglineIndex: number }) {
	const tagline = FOOTER_TAGLINES[taglineIndex] ?? FOOTER_TAGLINES[0]
	return (
		<footer className="mt-16 border-t border-border pb-24 md:pb-8" data-testid="site-footer">
			<div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 pt-8 md:pr-20">
				<div className="flex items-center justify-between">
					<Logo />
					<ThemeToggle withLabel />
				</div>
				<nav aria-label="Footer">
					<ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
						{FOOTER_LINKS.map((link) => (
							<li key={link.to} className={cn(link.wideOnly && 'hidden md:list-item')}>
								<Link to={link.to} className="text-muted hover:text-foreground">
									{link.label}
								</Link>
							</li>
						))}
					</ul>
				</nav>
				<p className="max-w-3xl text-sm text-muted" data-testid="footer-tagline">
					{tagline}
				</p>
			</div>
		</footer>
	)
}
