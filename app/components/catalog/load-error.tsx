import { RefreshCw } from 'lucide-react'
import { useRevalidator } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'

export const LOAD_ERROR_TITLE = 'Something went wrong.'
export const LOAD_ERROR_TEXT = "We couldn't load the content. Please check your internet connection or try again."

/**
 * The home/series failure view (product.md §8): the two texts and Retry, which reloads everything.
 * Retry stays enabled while it loads: a disabled button drops keyboard focus to the body, and a
 * second press starts the load again (the router drops the one in flight), so nothing is lost by it.
 */
export function LoadError() {
	const revalidator = useRevalidator()
	const busy = revalidator.state === 'loading'
	return (
		<div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center" data-testid="load-error">
			<h2 className="text-xl font-semibold">{LOAD_ERROR_TITLE}</h2>
			<p className="text-muted">{LOAD_ERROR_TEXT}</p>
			<Button onClick={() => void revalidator.revalidate()} aria-busy={busy}>
				<RefreshCw className="h-4 w-4 motion-safe:data-[busy=true]:animate-spin" aria-hidden="true" data-busy={busy} />
				Retry
			</Button>
		</div>
	)
}
