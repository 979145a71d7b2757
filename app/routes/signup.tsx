import { Loader2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link, useNavigate, useRevalidator } from 'react-router'
import { toast } from '#app/stores/toast.ts'
import { SIGNUP_TEXT, signupHints } from '#app/lib/account/auth-texts.ts'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { removeCachedUserInfo, signup } from '#app/stores/account.ts'
import { ApiError } from '#app/utils/api-client.ts'

export function meta() {
	return [{ title: 'Sign up · Willow' }]
}

export default function Signup() {
	const navigate = useNavigate()
	const revalidator = useRevalidator()
	const [values, setValues] = useState({ username: '', email: '', password: '' })
	const [submitting, setSubmitting] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const hints = signupHints(values)
	const valid = !hints.username && !hints.email && !hints.password

	const change = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => {
		setValues((current) => ({ ...current, [field]: event.target.value }))
		// Typing in a field clears the error (product.md §4).
		setError(null)
	}

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (submitting) return
		if (!valid) {
			setError(SIGNUP_TEXT.forced)
			return
		}
		setSubmitting(true)
		setError(null)
		try {
			const answer = await signup({
				username: values.username.trim(),
				email: values.email.trim(),
				password: values.password,
				passwordConfirm: values.password,
			})
			if (!answer?.token) {
				setError(SIGNUP_TEXT.riddles)
				setSubmitting(false)
				return
			}
			removeCachedUserInfo()
			await revalidator.revalidate()
			await navigate('/account?tab=account')
		} catch (failure) {
			const message =
				failure instanceof ApiError
					? failure.serverMessage || SIGNUP_TEXT.rejected
					: failure instanceof Error && failure.message && !(failure instanceof TypeError)
						? failure.message
						: SIGNUP_TEXT.sank
			toast.error(message)
			setError(message)
			setSubmitting(false)
		}
	}

	return (
		<div className="mx-auto w-full max-w-md">
			<PageHeader title="Sign up" description="Create an account to keep your bookmarks, progress and 4K token on every device." />
			<form
				onSubmit={onSubmit}
				noValidate
				className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 sm:p-6"
				aria-busy={submitting}
			>
				{error ? <FormError testId="signup-error">{error}</FormError> : null}
				<FormField
					label="Username"
					name="username"
					autoComplete="username"
					value={values.username}
					disabled={submitting}
					hint={values.username ? hints.username : null}
					onChange={change('username')}
				/>
				<FormField
					label="Email"
					name="email"
					type="email"
					autoComplete="email"
					value={values.email}
					disabled={submitting}
					hint={values.email ? hints.email : null}
					onChange={change('email')}
				/>
				<FormField
					label="Password"
					name="password"
					revealable
					autoComplete="new-password"
					value={values.password}
					disabled={submitting}
					hint={values.password ? hints.password : null}
					onChange={change('password')}
				/>
				<Button
					type="submit"
					size="lg"
					disabled={submitting}
					aria-disabled={!valid || submitting}
					className={!valid && !submitting ? 'opacity-50' : undefined}
					data-testid="signup-submit"
				>
					{submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
					{submitting ? 'Signing up…' : 'Sign Up'}
				</Button>
				<p className="text-center text-sm text-muted">
					<Link to="/login" className="font-medium text-accent underline-offset-4 hover:underline">
						Already have an account? Log in
					</Link>
				</p>
			</form>
		</div>
	)
}
