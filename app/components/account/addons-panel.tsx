import { ArrowDown, ArrowUp, Loader2, Plus, Puzzle, Trash2 } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { Button, buttonClass } from '#app/components/ui/button.tsx'
import { EmptyState } from '#app/components/ui/empty-state.tsx'
import { clearAccountDevice } from '#app/stores/account.ts'
import { ApiError, UnauthorizedError } from '#app/utils/api-client.ts'
import { addAddon, fetchAddons, moveItem, removeAddon, reorderAddons, type UserAddon } from '#app/utils/addons.ts'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { SettingsSection } from './settings-controls.tsx'

export const ADDONS_LOAD_ERROR = 'Could not load your add-ons.'
const GENERIC_ERROR = 'Something went wrong. Try again.'

function messageOf(error: unknown) {
	return error instanceof ApiError && error.serverMessage ? error.serverMessage : GENERIC_ERROR
}

/**
 * The account page's "Add-ons" tab: the user's own Stremio add-ons, asked in
 * lookups after the owner's. Add by manifest URL, remove, reorder with
 * buttons (keyboard reachable); every change is announced to screen readers.
 */
export function AddonsPanel({ signedIn }: { signedIn: boolean }) {
	if (!signedIn) {
		return (
			<EmptyState icon={<Puzzle className="size-10" />} title="Sign in to add your own add-ons">
				<p>Stremio add-ons you add here are asked for streams and subtitles whenever you watch.</p>
				<div className="mt-4 flex justify-center gap-2">
					<Link to="/login" className={buttonClass('primary')}>
						Login
					</Link>
					<Link to="/signup" className={buttonClass('outline')}>
						Register
					</Link>
				</div>
			</EmptyState>
		)
	}
	return <SignedInAddons />
}

function SignedInAddons() {
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [addons, setAddons] = useState<UserAddon[] | null>(null)
	const [max, setMax] = useState(20)
	const [loadError, setLoadError] = useState(false)
	const [url, setUrl] = useState('')
	const [adding, setAdding] = useState(false)
	const [addError, setAddError] = useState<string | null>(null)
	const [busyId, setBusyId] = useState<string | null>(null)
	const [listError, setListError] = useState<string | null>(null)
	const [announcement, setAnnouncement] = useState('')
	const listRef = useRef<HTMLOListElement>(null)
	/** The moved row's button to give the keyboard back to, once the list is enabled again (after the move's render). */
	const [refocus, setRefocus] = useState<{ id: string; direction: 'up' | 'down' } | null>(null)
	useEffect(() => {
		if (!refocus || busyId !== null) return
		setRefocus(null)
		// Keep the keyboard on the same button of the moved row, unless it just became disabled.
		const row = listRef.current?.querySelector<HTMLElement>(`[data-addon-id="${CSS.escape(refocus.id)}"]`)
		const target =
			row?.querySelector<HTMLButtonElement>(`[data-move="${refocus.direction}"]:not(:disabled)`) ??
			row?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)')
		target?.focus()
	}, [refocus, busyId, addons])
	const headingId = useId()

	const signedOut = useCallback(async () => {
		clearAccountDevice()
		await revalidator.revalidate()
		await navigate('/login')
	}, [navigate, revalidator])

	const load = useCallback(
		async (signal?: AbortSignal) => {
			setLoadError(false)
			try {
				const answer = await fetchAddons(signal)
				setAddons(answer.addons)
				setMax(answer.max)
			} catch (error) {
				if (signal?.aborted) return
				if (error instanceof UnauthorizedError) return signedOut()
				setLoadError(true)
			}
		},
		[signedOut],
	)

	useEffect(() => {
		const controller = new AbortController()
		void load(controller.signal)
		return () => controller.abort()
	}, [load])

	async function onAdd(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const manifestUrl = url.trim()
		if (!manifestUrl || adding) return
		setAdding(true)
		setAddError(null)
		try {
			const answer = await addAddon(manifestUrl)
			setAddons(answer.addons)
			setUrl('')
			setAnnouncement(`${answer.addon.name} added.`)
		} catch (error) {
			if (error instanceof UnauthorizedError) return signedOut()
			setAddError(messageOf(error))
		} finally {
			setAdding(false)
		}
	}

	async function onRemove(addon: UserAddon) {
		setBusyId(addon.id)
		setListError(null)
		try {
			const answer = await removeAddon(addon.id)
			setAddons(answer.addons)
			setAnnouncement(`${addon.name} removed.`)
		} catch (error) {
			if (error instanceof UnauthorizedError) return signedOut()
			setListError(messageOf(error))
		} finally {
			setBusyId(null)
		}
	}

	async function onMove(index: number, to: number, direction: 'up' | 'down') {
		if (!addons || to < 0 || to >= addons.length) return
		const addon = addons[index]!
		const previous = addons
		const next = moveItem(addons, index, to)
		// Shown at once; put back if the server refuses.
		setAddons(next)
		setBusyId(addon.id)
		setListError(null)
		try {
			const answer = await reorderAddons(next.map((item) => item.id))
			setAddons(answer.addons)
			setAnnouncement(`${addon.name} moved to position ${to + 1} of ${next.length}.`)
			// Not in the next frame: on a slow device the list may not be enabled again by then (a CI run lost the focus).
			setRefocus({ id: addon.id, direction })
		} catch (error) {
			setAddons(previous)
			if (error instanceof UnauthorizedError) return signedOut()
			setListError(messageOf(error))
		} finally {
			setBusyId(null)
		}
	}

	const full = addons !== null && addons.length >= max

	return (
		<div className="flex flex-col gap-6">
			<p className="sr-only" role="status" aria-live="polite">
				{announcement}
			</p>
			<SettingsSection
				title="Add an add-on"
				note="Paste the manifest URL of a Stremio add-on (it ends with /manifest.json). Add-ons must be on a public address."
			>
				<form onSubmit={onAdd} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-end" aria-busy={adding}>
					<FormField
						label="Manifest URL"
						name="manifestUrl"
						type="url"
						inputMode="url"
						autoComplete="off"
						spellCheck={false}
						placeholder="https://example.com/manifest.json"
						maxLength={2000}
						value={url}
						disabled={adding || full}
						hint={addError}
						className="min-w-0 flex-1"
						onChange={(event) => {
							setUrl(event.target.value)
							setAddError(null)
						}}
					/>
					<Button type="submit" disabled={adding || full || !url.trim()} data-testid="add-addon" className="w-full sm:w-auto">
						{adding ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : <Plus className="size-4" aria-hidden="true" />}
						{adding ? 'Checking…' : 'Add'}
					</Button>
				</form>
				{full ? <p className="pb-4 text-sm text-muted">You have {max} add-ons, the most you can keep. Remove one to add another.</p> : null}
			</SettingsSection>

			<section aria-labelledby={headingId} className="rounded-xl border border-border bg-surface px-4 pb-4 sm:px-6">
				<h2 id={headingId} className="pt-4 text-lg font-semibold">
					Your add-ons
				</h2>
				<p className="text-sm text-muted">Asked in this order, after the site’s own add-ons.</p>
				{listError ? (
					<div className="mt-3">
						<FormError testId="addons-error">{listError}</FormError>
					</div>
				) : null}
				{loadError ? (
					<div className="mt-3 flex flex-col items-start gap-2">
						<FormError>{ADDONS_LOAD_ERROR}</FormError>
						<Button variant="outline" size="sm" onClick={() => void load()}>
							Try again
						</Button>
					</div>
				) : addons === null ? (
					<p className="flex items-center gap-2 py-4 text-sm text-muted" role="status">
						<Loader2 className="size-4 animate-spin" aria-hidden="true" /> Loading your add-ons…
					</p>
				) : addons.length === 0 ? (
					<p className="py-4 text-sm text-muted">No add-ons yet.</p>
				) : (
					<ol ref={listRef} className="mt-3 flex flex-col divide-y divide-border" data-testid="addon-list">
						{addons.map((addon, index) => (
							<li key={addon.id} data-addon-id={addon.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
								<div className="min-w-0 flex-1">
									<p className="font-medium">
										<span className="sr-only">{index + 1}. </span>
										{addon.name}
									</p>
									<p className="truncate text-sm text-muted" title={addon.manifestUrl}>
										{addon.manifestUrl}
									</p>
								</div>
								<div className="flex shrink-0 gap-1">
									<Button
										variant="ghost"
										size="icon"
										data-move="up"
										aria-label={`Move ${addon.name} up`}
										disabled={busyId !== null || index === 0}
										onClick={() => void onMove(index, index - 1, 'up')}
									>
										<ArrowUp className="size-4" aria-hidden="true" />
									</Button>
									<Button
										variant="ghost"
										size="icon"
										data-move="down"
										aria-label={`Move ${addon.name} down`}
										disabled={busyId !== null || index === addons.length - 1}
										onClick={() => void onMove(index, index + 1, 'down')}
									>
										<ArrowDown className="size-4" aria-hidden="true" />
									</Button>
									<Button
										variant="ghost"
										size="icon"
										aria-label={`Remove ${addon.name}`}
										disabled={busyId !== null}
										onClick={() => void onRemove(addon)}
									>
										{busyId === addon.id ? (
											<Loader2 className="size-4 animate-spin" aria-hidden="true" />
										) : (
											<Trash2 className="size-4" aria-hidden="true" />
										)}
									</Button>
								</div>
							</li>
						))}
					</ol>
				)}
			</section>
		</div>
	)
}
