import { Loader2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { toast } from '#app/stores/toast.ts'
import { isValidIdentifier, LOGIN_TEXT } from '#app/lib/account/auth-texts.ts'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import {
	formatLockout,
	lockoutRemainingMs,
	lockUntil,
	login,
	recordLoginFailure,
	resetLoginFailures,
	storeUserInfo,
} from '#app/stores/account.ts'
import { ApiError } from '#app/utils/api-client.ts'

export function meta() {
	return [{ title: 'Login · Willow' }]
}

type Status = 'idle' | 'submitting' | 'failed' | 'locked'

export default function Login() {
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [identifier, setIdentifier] = useState('')
	const [password, setPassword] = useState('')
	const [status, setStatus] = useState<Status>('idle')
	const [error, setError] = useState<{ title: string; detail?: string } | null>(null)
	const [lockMs, setLockMs] = useState(0)

	// The lockout is stored, so it holds across reloads; tick the countdown each second.
	useEffect(() => {
		const tick = () => {
			const remaining = lockoutRemainingMs()
			setLockMs(remaining)
			setStatus((current) => (remaining > 0 ? 'locked' : current === 'locked' ? 'idle' : current))
		}
		tick()
		const timer = window.setInterval(tick, 1000)
		return () => window.clearInterval(timer)
	}, [])

	const identifierValid = isValidIdentifier(identifier)
	const passwordValid = password.length >= 8
	const valid = identifierValid && passwordValid
	const locked = status === 'locked' && lockMs > 0
	const submitting = status === 'submitting'

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (locked || submitting) return
		if (!valid) {
			setError({ title: LOGIN_TEXT.forced })
			return
		}
		setStatus('submitting')
		setError(null)
		try {
			const answer = await login(identifier, password)
			if (!answer?.token || !answer.user) {
				setStatus('failed')
				setError({ title: LOGIN_TEXT.riddles })
				return
			}
			resetLoginFailures()
			storeUserInfo(answer.user)
			await revalidator.revalidate()
			await navigate('/account?tab=account')
		} catch (failure) {
			if (failure instanceof ApiError && failure.status === 429 && failure.retryAfterSeconds) {
				lockUntil(Date.now() + failure.retryAfterSeconds * 1000)
			}
			const lockedNow = recordLoginFailure() || lockoutRemainingMs() > 0
			const detail = failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : LOGIN_TEXT.fallback
			if (lockedNow) {
				toast.error(LOGIN_TEXT.locked)
				setError({ title: LOGIN_TEXT.locked, detail })
				setLockMs(lockoutRemainingMs())
				setStatus('locked')
			} else {
				toast.error(LOGIN_TEXT.failed)
				setError({ title: LOGIN_TEXT.failed, detail })
				setStatus('failed')
			}
		}
	}

	return (
		<div className="mx-auto w-full max-w-md">
			<PageHeader title="Login" description="Sign in to sync your bookmarks, watch progress and 4K token across devices." />
			<form
				onSubmit={onSubmit}
				noValidate
				className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 sm:p-6"
				aria-busy={submitting}
			>
				{error ? (
					<FormError testId="login-error">
						<p className="font-medium">{error.title}</p>
						{error.detail ? <p>{error.detail}</p> : null}
					</FormError>
				) : null}
				<FormField
					label="Email or Username"
					name="identifier"
					autoComplete="username"
					value={identifier}
					disabled={submitting}
					hint={identifier && !identifierValid ? LOGIN_TEXT.identifierHint : null}
					onChange={(event) => {
						setIdentifier(event.target.value)
						if (status === 'failed') setStatus('idle')
						if (!locked) setError(null)
					}}
				/>
				<FormField
					label="Password"
					name="password"
					revealable
					autoComplete="current-password"
					value={password}
					disabled={submitting}
					hint={password && !passwordValid ? LOGIN_TEXT.passwordHint : null}
					onChange={(event) => {
						setPassword(event.target.value)
						if (status === 'failed') setStatus('idle')
						if (!locked) setError(null)
					}}
				/>
				<Button
					type="submit"
					size="lg"
					disabled={locked || submitting}
					aria-disabled={!valid || locked || submitting}
					className={!valid && !locked && !submitting ? 'opacity-50' : undefined}
					data-testid="login-submit"
				>
					{submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
					{locked ? `Locked (${formatLockout(lockMs)})` : submitting ? 'Signing in…' : 'Login'}
				</Button>
				<p className="text-center text-sm text-muted">
					No account yet?{' '}
					<Link to="/signup" className="font-medium text-accent underline-offset-4 hover:underline">
						Sign up
					</Link>
				</p>
			</form>
		</div>
	)
}
