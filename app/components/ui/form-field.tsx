import { Eye, EyeOff } from 'lucide-react'
import { useId, useState, type ComponentProps } from 'react'
import { cn } from '#app/lib/ui/cn.ts'
import { IconButton } from './icon-button.tsx'
import { Input } from './input.tsx'

interface FieldProps extends Omit<ComponentProps<'input'>, 'id' | 'size'> {
	label: string
	/** Validation hint shown under the field (and announced) when set. */
	hint?: string | null
	/** Renders a show/hide toggle for passwords. */
	revealable?: boolean
}

/** A labelled input with an optional validation hint and password toggle. */
export function FormField({ label, hint, revealable, type, className, ...props }: FieldProps) {
	const id = useId()
	const hintId = `${id}-hint`
	const [revealed, setRevealed] = useState(false)
	const inputType = revealable ? (revealed ? 'text' : 'password') : type
	return (
		<div className={cn('flex flex-col gap-1.5', className)}>
			<label htmlFor={id} className="text-sm font-medium">
				{label}
			</label>
			<div className="relative">
				<Input
					id={id}
					type={inputType}
					aria-invalid={hint ? true : undefined}
					aria-describedby={hint ? hintId : undefined}
					className={revealable ? 'pr-12' : undefined}
					{...props}
				/>
				{revealable ? (
					<IconButton
						variant="bare"
						onClick={() => setRevealed((value) => !value)}
						label={revealed ? 'Hide password' : 'Show password'}
						aria-pressed={revealed}
						disabled={props.disabled}
						className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-md text-muted hover:text-foreground focus-visible:outline-2 focus-visible:outline-accent"
					>
						{revealed ? <EyeOff className="size-5" aria-hidden="true" /> : <Eye className="size-5" aria-hidden="true" />}
					</IconButton>
				) : null}
			</div>
			{hint ? (
				<p id={hintId} className="text-sm text-red-600 dark:text-red-400">
					{hint}
				</p>
			) : null}
		</div>
	)
}

/** An error box for a form (announced to screen readers). */
export function FormError({ children, testId }: { children: React.ReactNode; testId?: string }) {
	return (
		<div
			role="alert"
			data-testid={testId}
			className="rounded-md border border-red-500/40 bg-red-500/10 px-3 py-2 text-sm text-red-700 dark:text-red-300"
		>
			{children}
		</div>
	)
}
