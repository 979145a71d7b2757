import { Loader2, LogOut } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { changePassword, signOutOtherDevices } from '#app/stores/account.ts'
import { ApiError } from '#app/utils/api-client.ts'
import { toast } from '#app/stores/toast.ts'
import { SettingsSection } from './settings-controls.tsx'

const devices = (n: number) => `${n} other ${n === 1 ? 'device' : 'devices'}`
const messageOf = (error: unknown, fallback: string) =>
	error instanceof ApiError && error.serverMessage ? error.serverMessage.replace(/^\w+: /, '') : fallback

/** Password change (the current one required; other devices are signed out) and "Sign out of all other devices". */
export function AccountSecurity() {
	const [fields, setFields] = useState({ currentPassword: '', newPassword: '', newPasswordConfirm: '' })
	const [busy, setBusy] = useState<'password' | 'others' | null>(null)
	const [error, setError] = useState<string | null>(null)
	const [done, setDone] = useState<string | null>(null)

	async function onChangePassword(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		if (fields.newPassword !== fields.newPasswordConfirm) {
			setError('Passwords do not match')
			return
		}
		setBusy('password')
		setError(null)
		setDone(null)
		try {
			const { signedOut } = await changePassword(fields.currentPassword, fields.newPassword, fields.newPasswordConfirm)
			setFields({ currentPassword: '', newPassword: '', newPasswordConfirm: '' })
			const text = `Password changed.${signedOut > 0 ? ` Signed out of ${devices(signedOut)}.` : ''}`
			setDone(text)
			toast.success(text)
		} catch (failure) {
			setError(messageOf(failure, 'Could not change the password. Try again.'))
		} finally {
			setBusy(null)
		}
	}

	async function onSignOutOthers() {
		if (busy) return
		setBusy('others')
		setError(null)
		setDone(null)
		try {
			const { signedOut } = await signOutOtherDevices()
			const text = signedOut > 0 ? `Signed out of ${devices(signedOut)}.` : 'No other device was signed in.'
			setDone(text)
			toast.success(text)
		} catch (failure) {
			setError(messageOf(failure, 'Could not sign out the other devices. Try again.'))
		} finally {
			setBusy(null)
		}
	}

	const set = (key: keyof typeof fields) => (event: { target: { value: string } }) =>
		setFields((current) => ({ ...current, [key]: event.target.value }))
	return (
		<SettingsSection title="Security">
			<form onSubmit={onChangePassword} className="flex max-w-md flex-col gap-3 py-4" data-testid="change-password">
				<h3 className="font-medium">Change password</h3>
				<p className="text-sm text-muted">At least 8 characters. Your other devices are signed out.</p>
				<FormField
					label="Current password"
					name="current-password"
					type="password"
					autoComplete="current-password"
					required
					value={fields.currentPassword}
					onChange={set('currentPassword')}
				/>
				<FormField
					label="New password"
					name="new-password"
					type="password"
					autoComplete="new-password"
					required
					minLength={8}
					value={fields.newPassword}
					onChange={set('newPassword')}
				/>
				<FormField
					label="Confirm new password"
					name="new-password-confirm"
					type="password"
					autoComplete="new-password"
					required
					value={fields.newPasswordConfirm}
					onChange={set('newPasswordConfirm')}
				/>
				<div>
					<Button type="submit" disabled={busy !== null}>
						{busy === 'password' ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
						Change password
					</Button>
				</div>
			</form>
			<div className="flex flex-col items-start gap-2 py-4">
				<Button variant="outline" onClick={() => void onSignOutOthers()} disabled={busy !== null} data-testid="sign-out-others">
					<LogOut className="size-4" aria-hidden="true" />
					Sign out of all other devices
				</Button>
			</div>
			<div aria-live="polite">
				{error ? <FormError>{error}</FormError> : null}
				{done ? (
					<p role="status" className="text-sm" data-testid="security-result">
						{done}
					</p>
				) : null}
			</div>
		</SettingsSection>
	)
}
