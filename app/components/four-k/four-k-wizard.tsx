import { CheckCircle2, Loader2 } from 'lucide-react'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { FOURK_TEXT, isAcceptableToken, isHeaderSafe } from '#app/lib/four-k/token.ts'
import { writeDeviceBatch } from '#app/stores/device-storage-core.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'
import { Input } from '#app/components/ui/input.tsx'

// The 4K guide's wizard (product.md §2 "4K guide", §4 "4K token flow", §5, §8):
// Account → Token → Submit, with Next and Back. The token is tested and
// submitted through Willow's server (/api/fourk), kept on the device under
// product.md's 4kToken key, and pushed to a signed-in account by the existing
// 4K-token sync.

const STEPS = ['Account', 'Token', 'Submit'] as const
type Step = 0 | 1 | 2 | 3

type TestState = { kind: 'idle' } | { kind: 'checking' } | { kind: 'valid' } | { kind: 'invalid' } | { kind: 'error'; message: string }
type SubmitState = { kind: 'idle' } | { kind: 'submitting' } | { kind: 'failed' }

export function tokenProblem(token: string): string | null {
	return isAcceptableToken(token) && isHeaderSafe(token) ? null : FOURK_TEXT.invalid
}

async function postToken<T>(path: string, token: string): Promise<{ status: number; body: T | { error?: string } | null }> {
	try {
		return { status: 200, body: await apiRequest<T>(path, { body: { token } }) }
	} catch (error) {
		if (error instanceof ApiError) return { status: error.status, body: { error: error.serverMessage } }
		throw error
	}
}

function errorText(body: unknown, fallback: string) {
	return body && typeof body === 'object' && 'error' in body && typeof body.error === 'string' && body.error ? body.error : fallback
}

/** Keeps the token on the device, then lets the account sync carry it (signed-in users only). */
async function keepToken(token: string) {
	writeDeviceBatch({ '4kToken': token, '4kTokenSynced': false })
	// Loaded only now: the account and sync code (and zod) stay out of the page's first load.
	const [{ fetchMe, storedUserInfo }, { syncFourKToken }] = await Promise.all([
		import('#app/stores/account.ts'),
		import('#app/stores/sync.ts'),
	])
	if (!storedUserInfo()) return
	try {
		const { user } = await fetchMe()
		await syncFourKToken(user, { toasts: true })
	} catch {
		// Offline or signed out elsewhere: the next app start pushes the token (4kTokenSynced is false).
	}
}

export function FourKWizard() {
	const [step, setStep] = useState<Step>(0)
	const [token, setToken] = useState('')
	const [showProblem, setShowProblem] = useState(false)
	const [test, setTest] = useState<TestState>({ kind: 'idle' })
	const [submit, setSubmit] = useState<SubmitState>({ kind: 'idle' })
	const headingRef = useRef<HTMLHeadingElement>(null)
	const moved = useRef(false)
	const inputId = useId()
	const hintId = `${inputId}-hint`
	const problem = tokenProblem(token)

	// Focus follows the step (not on first render, so a page load keeps its own focus).
	useEffect(() => {
		if (!moved.current) return
		headingRef.current?.focus()
	}, [step])

	function go(next: Step) {
		moved.current = true
		setStep(next)
	}

	function onNextFromToken() {
		if (problem) {
			setShowProblem(true)
			return
		}
		go(2)
	}

	async function onTest() {
		if (test.kind === 'checking') return
		if (problem) {
			setShowProblem(true)
			setTest({ kind: 'invalid' })
			return
		}
		setTest({ kind: 'checking' })
		try {
			const { status, body } = await postToken<{ valid: boolean }>('/api/fourk/test', token)
			if (status === 200 && body && 'valid' in body) setTest({ kind: body.valid ? 'valid' : 'invalid' })
			else if (status === 400) setTest({ kind: 'invalid' })
			else setTest({ kind: 'error', message: errorText(body, 'The token could not be checked. Please try again.') })
		} catch {
			setTest({ kind: 'error', message: 'The token could not be checked. Check your internet connection and try again.' })
		}
	}

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (submit.kind === 'submitting') return
		setSubmit({ kind: 'submitting' })
		try {
			const { status, body } = await postToken<{ token: string }>('/api/fourk/submit', token)
			if (status !== 200 || !body || !('token' in body) || typeof body.token !== 'string') {
				setSubmit({ kind: 'failed' })
				return
			}
			await keepToken(body.token)
			setSubmit({ kind: 'idle' })
			go(3)
		} catch {
			setSubmit({ kind: 'failed' })
		}
	}

	const heading = (text: string) => (
		<h2
			ref={headingRef}
			tabIndex={-1}
			className="text-xl font-semibold outline-none focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-accent"
		>
			{text}
		</h2>
	)

	return (
		<section
			aria-label="4K setup"
			className="flex flex-col gap-6 rounded-lg border border-border bg-surface p-4 sm:p-6"
			data-testid="four-k-wizard"
		>
			<ol className="grid grid-cols-3 gap-2 text-sm" aria-label="Setup steps">
				{STEPS.map((name, index) => {
					const state = step > index ? 'done' : step === index ? 'current' : 'todo'
					return (
						<li
							key={name}
							aria-current={state === 'current' ? 'step' : undefined}
							className={cn(
								'flex flex-col gap-1 border-t-4 pt-2 sm:flex-row sm:items-center sm:gap-2',
								state === 'todo' ? 'border-border text-muted' : 'border-accent text-foreground',
								state === 'current' && 'font-semibold',
							)}
						>
							<span>Step {index + 1}</span>
							<span>{name}</span>
							{state === 'done' ? <span className="sr-only">(done)</span> : null}
						</li>
					)
				})}
			</ol>

			{step === 0 ? (
				<div className="flex flex-col gap-4">
					{heading('Step 1: Account')}
					<p className="text-muted">
						Create an account with the 4K service this site uses, or sign in to the one you have. Then open the service&apos;s token page:
						you will paste the token here in the next step.
					</p>
					<div className="flex flex-wrap gap-3">
						<Button onClick={() => go(1)}>Next</Button>
					</div>
				</div>
			) : null}

			{step === 1 ? (
				<div className="flex flex-col gap-4">
					{heading('Step 2: Token')}
					<p className="text-muted">Paste your personal token. Tokens contain “ey” and are at least 50 characters long.</p>
					<div className="flex flex-col gap-1.5">
						<label htmlFor={inputId} className="text-sm font-medium">
							4K token
						</label>
						<Input
							id={inputId}
							value={token}
							onChange={(event) => {
								setToken(event.target.value.trim())
								setTest({ kind: 'idle' })
								setShowProblem(false)
							}}
							onBlur={() => setShowProblem(token !== '')}
							autoComplete="off"
							autoCapitalize="off"
							autoCorrect="off"
							spellCheck={false}
							aria-invalid={showProblem && problem ? true : undefined}
							aria-describedby={showProblem && problem ? hintId : undefined}
							size="sm"
							className="font-mono"
							placeholder="eyJ…"
						/>
						{/* The line is always there, so the hint appearing on blur never moves the buttons under a pointer. */}
						<p id={hintId} className="min-h-5 text-sm text-red-600 dark:text-red-400" data-testid="token-hint">
							{showProblem && problem ? problem : null}
						</p>
					</div>
					<div className="flex flex-wrap items-center gap-3">
						<Button variant="outline" onClick={() => void onTest()} aria-disabled={test.kind === 'checking' ? true : undefined}>
							{test.kind === 'checking' ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
							Test
						</Button>
						<p role="status" aria-live="polite" className="min-h-5 text-sm" data-testid="token-test-status">
							{test.kind === 'checking' ? FOURK_TEXT.checking : null}
							{test.kind === 'valid' ? <span className="text-green-700 dark:text-green-400">{FOURK_TEXT.valid}</span> : null}
							{test.kind === 'invalid' ? <span className="text-red-600 dark:text-red-400">{FOURK_TEXT.invalid}</span> : null}
							{test.kind === 'error' ? <span className="text-red-600 dark:text-red-400">{test.message}</span> : null}
						</p>
					</div>
					<div className="flex flex-wrap gap-3">
						<Button variant="secondary" onClick={() => go(0)}>
							Back
						</Button>
						<Button onClick={onNextFromToken}>Next</Button>
					</div>
				</div>
			) : null}

			{step === 2 ? (
				<form className="flex flex-col gap-4" onSubmit={(event) => void onSubmit(event)} noValidate>
					{heading('Step 3: Submit')}
					<p className="text-muted">
						Submit the token to the 4K service. It is kept on this device; when you are signed in to Willow it also syncs to your account,
						so your other devices get it too.
					</p>
					{submit.kind === 'failed' ? (
						<div
							role="alert"
							className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
						>
							{FOURK_TEXT.submitFailed}
						</div>
					) : null}
					<div className="flex flex-wrap gap-3">
						<Button variant="secondary" onClick={() => go(1)} disabled={submit.kind === 'submitting'}>
							Back
						</Button>
						<Button type="submit" aria-disabled={submit.kind === 'submitting' ? true : undefined}>
							{submit.kind === 'submitting' ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
							{submit.kind === 'submitting' ? 'Submitting…' : 'Submit'}
						</Button>
					</div>
				</form>
			) : null}

			{step === 3 ? (
				<div className="flex flex-col gap-3" data-testid="four-k-complete">
					<p role="status" className="flex items-center gap-2 text-green-700 dark:text-green-400">
						<CheckCircle2 className="size-5" aria-hidden="true" />
						{FOURK_TEXT.submitted}
					</p>
					{heading(FOURK_TEXT.complete)}
					<p className="text-muted">4K streams from the service now show up among the sources when you press Watch.</p>
				</div>
			) : null}
		</section>
	)
}
