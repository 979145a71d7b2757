import * as Dialog from '@radix-ui/react-dialog'
import { BadgeCheck, Download, Loader2, LogOut, Trash2 } from 'lucide-react'
import { useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { toast } from '#app/stores/toast.ts'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { clearAccountDevice, deleteAccount, logout, NAME_SAVE_THROTTLE_MS, storeUserInfo, updateName } from '#app/stores/account.ts'
import { CalendarFeed } from '#app/components/calendar/calendar-feed.tsx'
import { ServiceImport } from '#app/components/library/service-import.tsx'
import { useBookmarks } from '#app/stores/library.ts'
import { AccountSecurity } from './account-security.tsx'
import { ApiError, UnauthorizedError } from '#app/utils/api-client.ts'
import type { SessionUser } from '#app/utils/user.ts'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { SettingsSection } from './settings-controls.tsx'
import { EmailUpdatesSetting } from './settings-panels.tsx'

export const NAME_SAVE_ERROR = 'Error while saving'

/** The account tab: name (the only editable field), read-only username and email, badge, data and session actions. */
export function AccountPanel({ user }: { user: SessionUser }) {
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [name, setName] = useState(user.name)
	const [saving, setSaving] = useState(false)
	const [nameError, setNameError] = useState<string | null>(null)
	const lastSave = useRef(0)

	async function onSaveName(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const trimmed = name.trim()
		const now = Date.now()
		// product.md §4: ignored when pressed again within 6 s, or when the name is empty.
		if (!trimmed || now - lastSave.current < NAME_SAVE_THROTTLE_MS) return
		lastSave.current = now
		setSaving(true)
		setNameError(null)
		try {
			const { user: updated } = await updateName(trimmed)
			storeUserInfo(updated)
			setName(updated.name)
			toast.success('Name saved')
			await revalidator.revalidate()
		} catch (error) {
			if (error instanceof UnauthorizedError) {
				clearAccountDevice()
				await revalidator.revalidate()
				await navigate('/login')
				return
			}
			setNameError(
				error instanceof ApiError && error.status === 400 && error.serverMessage
					? `${NAME_SAVE_ERROR}: ${error.serverMessage}`
					: NAME_SAVE_ERROR,
			)
			toast.error(NAME_SAVE_ERROR)
		} finally {
			setSaving(false)
		}
	}

	async function onLogout() {
		try {
			await logout()
		} catch {
			// The device forgets the account either way.
		}
		await revalidator.revalidate()
		await navigate('/login')
	}

	return (
		<div className="flex flex-col gap-6">
			<SettingsSection title="Profile">
				<form onSubmit={onSaveName} className="flex flex-col gap-3 border-b border-border py-4 sm:flex-row sm:items-end">
					<FormField
						label="Name"
						name="name"
						autoComplete="nickname"
						maxLength={50}
						value={name}
						className="flex-1"
						onChange={(event) => {
							setName(event.target.value)
							setNameError(null)
						}}
					/>
					<Button type="submit" disabled={saving} data-testid="save-name">
						{saving ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
						Save
					</Button>
				</form>
				{nameError ? (
					<div className="pb-3">
						<FormError>{nameError}</FormError>
					</div>
				) : null}
				<dl className="grid gap-3 border-b border-border py-4 sm:grid-cols-2">
					<div>
						<dt className="text-sm text-muted">Username</dt>
						<dd className="font-medium break-all">{user.username}</dd>
					</div>
					<div>
						<dt className="text-sm text-muted">Email</dt>
						<dd className="font-medium break-all">{user.email}</dd>
					</div>
				</dl>
				<div className="py-4">
					{user.isDonator ? (
						<span
							data-testid="donator-badge"
							className="inline-flex items-center gap-2 rounded-full bg-accent/15 px-3 py-1 text-sm font-semibold text-accent"
						>
							<BadgeCheck className="size-4" aria-hidden="true" />
							Generous Donator
						</span>
					) : (
						<Link
							data-testid="donator-badge"
							to="/donate"
							className="inline-flex items-center gap-2 rounded-full bg-surface-2 px-3 py-1 text-sm font-medium hover:bg-surface-3"
						>
							Not a Donator
						</Link>
					)}
				</div>
				<EmailUpdatesSetting />
			</SettingsSection>

			<AccountSecurity />

			<SettingsSection title="Your library elsewhere">
				<div className="flex flex-col gap-4 py-4">
					<CalendarFeed headingLevel={3} />
					<LibraryImport />
				</div>
			</SettingsSection>

			<SettingsSection title="Your data">
				<div className="flex flex-col gap-3 py-4 sm:flex-row sm:flex-wrap">
					<a href="/api/users/me/export" download className={buttonClass('outline')} data-testid="download-data">
						<Download className="size-4" aria-hidden="true" />
						Download my data
					</a>
					{/* A plain form as well: tapped before the page's JavaScript has run (a slow phone), the
					    browser posts it itself and the server answers with /login (issue 26). */}
					<form
						method="post"
						action="/api/auth/logout"
						className="contents"
						onSubmit={(event) => {
							event.preventDefault()
							void onLogout()
						}}
					>
						<Button type="submit" variant="outline" data-testid="logout">
							<LogOut className="size-4" aria-hidden="true" />
							Log out
						</Button>
					</form>
					<DeleteAccountDialog />
				</div>
			</SettingsSection>
		</div>
	)
}

function DeleteAccountDialog() {
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [open, setOpen] = useState(false)
	const [typed, setTyped] = useState('')
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const matches = typed.length > 0

	async function onConfirm(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (!matches || busy) return
		setBusy(true)
		setError(null)
		try {
			await deleteAccount(typed)
			clearAccountDevice()
			setOpen(false)
			toast.success('Your account has been deleted.')
			await revalidator.revalidate()
			await navigate('/')
		} catch (failure) {
			setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : 'Could not delete the account. Try again.')
			setBusy(false)
		}
	}

	return (
		<Dialog.Root
			open={open}
			onOpenChange={(next) => {
				setOpen(next)
				if (!next) {
					setTyped('')
					setError(null)
				}
			}}
		>
			<Dialog.Trigger asChild>
				<Button variant="danger" data-testid="delete-account">
					<Trash2 className="size-4" aria-hidden="true" />
					Delete account
				</Button>
			</Dialog.Trigger>
			<Dialog.Portal>
				<Dialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
				<Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl border border-border bg-background p-6 shadow-xl">
					<Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
					<Dialog.Description className="mt-2 text-sm text-muted">
						This removes your account, synced bookmarks, watch history, settings and 4K token from the server. It cannot be undone.
						Bookmarks and history on this device stay.
					</Dialog.Description>
					<form onSubmit={onConfirm} className="mt-4 flex flex-col gap-4">
						{error ? <FormError>{error}</FormError> : null}
						<FormField
							label="Your password, to confirm"
							name="confirm-password"
							type="password"
							autoComplete="current-password"
							value={typed}
							onChange={(event) => setTyped(event.target.value)}
							disabled={busy}
						/>
						<div className="flex justify-end gap-2">
							<Dialog.Close asChild>
								<Button variant="ghost" disabled={busy}>
									Cancel
								</Button>
							</Dialog.Close>
							<Button type="submit" variant="danger" disabled={!matches || busy} data-testid="confirm-delete">
								{busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
								Delete account
							</Button>
						</div>
					</form>
				</Dialog.Content>
			</Dialog.Portal>
		</Dialog.Root>
	)
}

/** The Trakt and Letterboxd import of the Bookmarks page, here too (it adds to the library, never replaces). */
function LibraryImport() {
	const { ready } = useBookmarks()
	return <ServiceImport ready={ready} headingLevel={3} />
}
