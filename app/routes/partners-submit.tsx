import { CheckCircle2, Loader2 } from 'lucide-react'
import { useId, useRef, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { FormError, FormField } from '#app/components/ui/form-field.tsx'
import { PageHeader } from '#app/components/ui/page-header.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import {
	PARTNER_HONEYPOT_FIELD,
	PARTNER_SUBMISSION_LIMITS,
	PARTNER_SUBMISSION_TEXT,
	partnerSubmissionHints,
	type PartnerSubmissionInput,
} from '#app/lib/partners/submission.ts'
import { ApiError, apiRequest } from '#app/utils/api-client.ts'
import { useEarlyInput } from '#app/utils/early-input.ts'

// /partners/submit: name, site address, contact email and a message, sent to
// POST /api/partners/submissions (validated again there, honeypot-guarded,
// limited per client) and kept for the owner's `npm run partners:list`.

export function meta() {
	return [
		{ title: 'Submit a partner · Willow' },
		{ name: 'description', content: 'Tell us about a service or project that would fit Willow.' },
	]
}

const EMPTY: PartnerSubmissionInput = { name: '', siteUrl: '', email: '', message: '' }

export default function PartnersSubmit() {
	const messageId = useId()
	const messageBox = useRef<HTMLTextAreaElement>(null)
	useEarlyInput(messageBox)
	const [values, setValues] = useState(EMPTY)
	const [honeypot, setHoneypot] = useState('')
	const [touched, setTouched] = useState(false)
	const [submitting, setSubmitting] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const [sent, setSent] = useState(false)
	const hints = partnerSubmissionHints(values)
	const valid = !hints.name && !hints.siteUrl && !hints.email && !hints.message
	const hint = (field: keyof PartnerSubmissionInput) => (touched || values[field] ? hints[field] : null)

	const change = (field: keyof PartnerSubmissionInput) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
		setValues((current) => ({ ...current, [field]: event.target.value }))
		setError(null)
	}

	async function onSubmit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (submitting) return
		setTouched(true)
		if (!valid) {
			setError(PARTNER_SUBMISSION_TEXT.forced)
			return
		}
		setSubmitting(true)
		setError(null)
		try {
			await apiRequest('/api/partners/submissions', {
				body: {
					name: values.name.trim(),
					siteUrl: values.siteUrl.trim(),
					email: values.email.trim(),
					message: values.message.trim(),
					[PARTNER_HONEYPOT_FIELD]: honeypot,
				},
			})
			setSent(true)
		} catch (failure) {
			setError(failure instanceof ApiError && failure.serverMessage ? failure.serverMessage : PARTNER_SUBMISSION_TEXT.failed)
		} finally {
			setSubmitting(false)
		}
	}

	if (sent) {
		return (
			<div className="mx-auto w-full max-w-xl">
				<PageHeader title="Submit a partner" />
				<div
					role="status"
					className="flex flex-col items-start gap-4 rounded-xl border border-border bg-surface p-5 sm:p-6"
					data-testid="partner-submitted"
				>
					<p className="flex items-start gap-2 font-medium">
						<CheckCircle2 className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
						{PARTNER_SUBMISSION_TEXT.confirmation}
					</p>
					<Link to="/partners" className="font-medium text-accent underline-offset-4 hover:underline">
						Back to partners
					</Link>
				</div>
			</div>
		)
	}

	const messageHint = hint('message')
	return (
		<div className="mx-auto w-full max-w-xl">
			<PageHeader
				title="Submit a partner"
				description="Tell us about a service or project that would fit Willow. Every submission is reviewed, and we reply by email."
			/>
			<form
				onSubmit={onSubmit}
				noValidate
				className="relative flex flex-col gap-4 rounded-xl border border-border bg-surface p-5 sm:p-6"
				aria-busy={submitting}
				data-testid="partner-form"
			>
				{error ? <FormError testId="partner-error">{error}</FormError> : null}
				<FormField
					label="Name"
					name="name"
					autoComplete="organization"
					maxLength={PARTNER_SUBMISSION_LIMITS.name}
					value={values.name}
					disabled={submitting}
					hint={hint('name')}
					onChange={change('name')}
				/>
				<FormField
					label="Site URL"
					name="siteUrl"
					type="url"
					inputMode="url"
					autoComplete="url"
					placeholder="https://"
					maxLength={PARTNER_SUBMISSION_LIMITS.siteUrl}
					value={values.siteUrl}
					disabled={submitting}
					hint={hint('siteUrl')}
					onChange={change('siteUrl')}
				/>
				<FormField
					label="Contact email"
					name="email"
					type="email"
					autoComplete="email"
					maxLength={PARTNER_SUBMISSION_LIMITS.email}
					value={values.email}
					disabled={submitting}
					hint={hint('email')}
					onChange={change('email')}
				/>
				<div className="flex flex-col gap-1.5">
					<label htmlFor={messageId} className="text-sm font-medium">
						Message
					</label>
					<textarea
						ref={messageBox}
						id={messageId}
						name="message"
						rows={5}
						maxLength={PARTNER_SUBMISSION_LIMITS.message}
						value={values.message}
						disabled={submitting}
						aria-invalid={messageHint ? true : undefined}
						aria-describedby={messageHint ? `${messageId}-hint` : undefined}
						onChange={change('message')}
						className={cn(
							'min-h-28 w-full rounded-md border border-border bg-surface px-3 py-2 text-base text-foreground placeholder:text-muted',
							'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent disabled:opacity-60 aria-[invalid=true]:border-red-500',
						)}
					/>
					{messageHint ? (
						<p id={`${messageId}-hint`} className="text-sm text-red-600 dark:text-red-400">
							{messageHint}
						</p>
					) : null}
				</div>
				{/* The honeypot: out of sight and out of the tab order; people leave it empty, form-filling robots do not. */}
				<div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
					<label htmlFor={`${messageId}-${PARTNER_HONEYPOT_FIELD}`}>Leave this field empty</label>
					<input
						id={`${messageId}-${PARTNER_HONEYPOT_FIELD}`}
						name={PARTNER_HONEYPOT_FIELD}
						type="text"
						tabIndex={-1}
						autoComplete="off"
						value={honeypot}
						onChange={(event) => setHoneypot(event.target.value)}
					/>
				</div>
				<Button
					type="submit"
					size="lg"
					disabled={submitting}
					aria-disabled={!valid || submitting}
					className={!valid && !submitting ? 'opacity-50' : undefined}
					data-testid="partner-submit"
				>
					{submitting ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
					{submitting ? 'Sending…' : 'Send submission'}
				</Button>
			</form>
		</div>
	)
}
