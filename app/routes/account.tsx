import * as Tabs from '@radix-ui/react-tabs'
import { Link, useSearchParams } from 'react-router'
import { AccountPanel } from '#app/components/account/account-panel.tsx'
import { AddonsPanel } from '#app/components/account/addons-panel.tsx'
import { AppearanceSettings, ContentSettings, NotificationSettings, PlayerSettings } from '#app/components/account/settings-panels.tsx'
import { buttonClass } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { useOptionalUser } from '#app/utils/user.ts'

export function meta() {
	return [{ title: 'Account · Willow' }]
}

/** product.md §2: player (default), account, appearance, notifications, content; plus the user's own add-ons (issue "Playback sources"). */
const TABS = [
	{ value: 'player', label: 'Player' },
	{ value: 'account', label: 'Account' },
	{ value: 'appearance', label: 'Appearance' },
	{ value: 'notifications', label: 'Notifications' },
	{ value: 'content', label: 'Content' },
	{ value: 'addons', label: 'Add-ons' },
] as const

type TabValue = (typeof TABS)[number]['value']

function isTab(value: string | null): value is TabValue {
	return TABS.some((tab) => tab.value === value)
}

export default function Account() {
	const user = useOptionalUser()
	const [searchParams, setSearchParams] = useSearchParams()
	const requested = searchParams.get('tab')
	const tab: TabValue = isTab(requested) ? requested : 'player'
	const signedIn = Boolean(user)

	return (
		<div className="mx-auto w-full max-w-3xl">
			<PageHeader
				title="Account"
				description={
					user ? (
						<>
							Signed in as <span className="font-medium text-foreground">{user.name}</span>
						</>
					) : (
						'Settings on this device. Sign in to sync them.'
					)
				}
			/>
			<Tabs.Root
				value={tab}
				onValueChange={(value) => setSearchParams({ tab: value }, { replace: true, preventScrollReset: true })}
				className="flex flex-col gap-6"
			>
				{/* Phones: three tabs a row, so none hides off-screen behind a scroll nobody sees (issue 26). */}
				<Tabs.List aria-label="Account settings" className="grid grid-cols-3 gap-x-1 border-b border-border sm:flex sm:gap-1">
					{TABS.map((item) => (
						<Tabs.Trigger
							key={item.value}
							value={item.value}
							className={cn(
								'shrink-0 border-b-2 border-transparent px-2 py-2 text-sm font-medium text-muted hover:text-foreground sm:px-3',
								'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
								'data-[state=active]:border-accent data-[state=active]:text-foreground',
							)}
						>
							{item.label}
						</Tabs.Trigger>
					))}
				</Tabs.List>
				<Tabs.Content value="player" className="focus-visible:outline-none">
					<PlayerSettings signedIn={signedIn} />
				</Tabs.Content>
				<Tabs.Content value="account" className="focus-visible:outline-none">
					{user ? (
						<AccountPanel key={user.id} user={user} />
					) : (
						<EmptyState title="Sign in to see your account">
							<p>Your name, donator badge and synced library live here once you sign in.</p>
							<div className="mt-4 flex justify-center gap-2">
								<Link to="/login" className={buttonClass('primary')}>
									Login
								</Link>
								<Link to="/signup" className={buttonClass('outline')}>
									Register
								</Link>
							</div>
						</EmptyState>
					)}
				</Tabs.Content>
				<Tabs.Content value="appearance" className="focus-visible:outline-none">
					<AppearanceSettings signedIn={signedIn} />
				</Tabs.Content>
				<Tabs.Content value="notifications" className="focus-visible:outline-none">
					<NotificationSettings signedIn={signedIn} />
				</Tabs.Content>
				<Tabs.Content value="content" className="focus-visible:outline-none">
					<ContentSettings signedIn={signedIn} />
				</Tabs.Content>
				<Tabs.Content value="addons" className="focus-visible:outline-none">
					<AddonsPanel key={user?.id ?? 'signed-out'} signedIn={signedIn} />
				</Tabs.Content>
			</Tabs.Root>
		</div>
	)
}
