import { FourKWizard } from '#app/components/four-k/four-k-wizard.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { getEnv } from '#server/env.server.ts'
import type { Route } from './+types/four-k.ts'

export function loader() {
	// Only whether a service is set up: its address stays on the server.
	return { configured: Boolean(getEnv().FOURK_SERVICE_URL) }
}

export function meta() {
	return [{ title: '4K Guide · Willow' }, { name: 'description', content: 'Set up 4K streams with your own token.' }]
}

const GUIDE = [
	{ heading: 'Step 1: Account', body: 'Create or sign in to your account with the 4K service.' },
	{
		heading: 'Step 2: Token',
		body: 'Copy your personal token from the service. Tokens contain “ey” and are at least 50 characters long. Test it before you go on.',
	},
	{
		heading: 'Step 3: Submit',
		body: 'Submit the token. It is kept on this device and, when you are signed in to Willow, synced to your account for your other devices.',
	},
]

export default function FourKGuide({ loaderData }: Route.ComponentProps) {
	return (
		<article className="mx-auto flex max-w-3xl flex-col gap-8">
			<PageHeader
				title="4K Guide"
				description="Willow can play 4K streams from a token-based service you have an account with. Setup takes three steps."
			/>
			{loaderData.configured ? (
				<FourKWizard />
			) : (
				<p role="note" className="rounded-lg border border-border bg-surface p-4 text-muted" data-testid="four-k-not-configured">
					The owner of this site has not set up a 4K service, so there is nothing to connect a token to yet. The steps below show how it
					works once they do.
				</p>
			)}
			<section aria-labelledby="four-k-guide-heading" className="flex flex-col gap-4 leading-relaxed">
				<h2 id="four-k-guide-heading" className="text-xl font-semibold">
					How it works
				</h2>
				{GUIDE.map((item) => (
					<div key={item.heading}>
						<h3 className="mb-1 font-semibold">{item.heading}</h3>
						<p className="text-muted">{item.body}</p>
					</div>
				))}
			</section>
		</article>
	)
}
