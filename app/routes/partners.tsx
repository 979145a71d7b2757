import { Handshake } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { readPartners } from '#server/partners/partners.server.ts'
import type { Route } from './+types/partners.ts'
import { LogoImage } from '#app/components/ui/logo-image.tsx'

// /partners: the owner's partners (DATA_DIR/partners.json, read entry by entry;
// decision 0032), or an empty state, and the way to submit one.

export function loader() {
	return { partners: readPartners() }
}

export function meta() {
	return [{ title: 'Partners · Willow' }, { name: 'description', content: 'Projects and services that work with Willow.' }]
}

const isExternal = (link: string) => /^https?:\/\//i.test(link)

export default function Partners({ loaderData }: Route.ComponentProps) {
	const { partners } = loaderData
	return (
		<div className="mx-auto flex max-w-4xl flex-col gap-8">
			<PageHeader title="Partners" description="Projects and services that work with Willow." />
			{partners.length === 0 ? (
				<div data-testid="partners-empty">
					<EmptyState icon={<Handshake className="size-10" />} title="No partners yet">
						Run a service that fits Willow? Be the first to submit it.
					</EmptyState>
				</div>
			) : (
				<ul className="grid gap-4 sm:grid-cols-2" data-testid="partners-list">
					{partners.map((partner, index) => (
						<li
							key={`${index}-${partner.name}`}
							className="flex gap-4 rounded-xl border border-border bg-surface p-4"
							data-testid="partner"
						>
							<LogoImage
								src={partner.logo}
								alt={`${partner.name} logo`}
								width={64}
								height={64}
								loading="lazy"
								className="size-16 shrink-0 rounded-lg bg-surface-2 object-contain"
							/>
							<div className="flex min-w-0 flex-col gap-1">
								<h2 className="text-lg font-semibold break-words">
									{isExternal(partner.link) ? (
										<a
											href={partner.link}
											target="_blank"
											rel="noopener noreferrer"
											className="text-accent underline-offset-4 hover:underline"
										>
											{partner.name}
											<span className="sr-only"> (opens in a new tab)</span>
										</a>
									) : (
										<Link to={partner.link} className="text-accent underline-offset-4 hover:underline">
											{partner.name}
										</Link>
									)}
								</h2>
								{partner.description ? <p className="text-sm whitespace-pre-line text-muted">{partner.description}</p> : null}
							</div>
						</li>
					))}
				</ul>
			)}
			<section
				aria-labelledby="become-a-partner"
				className="flex flex-col items-start gap-3 rounded-xl border border-border bg-surface p-5"
			>
				<h2 id="become-a-partner" className="text-xl font-semibold">
					Become a partner
				</h2>
				<p className="text-muted">
					Run a service that fits Willow (an add-on, a community, a tool)? Tell us about it; every submission is reviewed.
				</p>
				<Link to="/partners/submit" className={buttonClass()}>
					Submit a partner
				</Link>
			</section>
		</div>
	)
}
