import { Download, Play } from 'lucide-react'
import { useId, useState } from 'react'
import { cn } from '#app/lib/cn.ts'
import { Button } from '#app/components/ui/button.tsx'

export const NO_SOURCE_MESSAGE = 'No playback source is configured yet. Add a media folder or a stream add-on to watch or download.'

/**
 * Watch and Download buttons. Playback is not wired in yet, so both say
 * plainly that no source is configured (announced to screen readers) instead
 * of opening a fake player. Unreleased titles cannot be watched.
 */
export function WatchActions({
	released = true,
	watchLabel = 'Watch',
	size = 'lg',
	className,
	autoStart = false,
}: {
	/** The page was opened with ?play=true: answer as if Watch was pressed. */
	autoStart?: boolean
	released?: boolean
	watchLabel?: string
	size?: 'md' | 'lg'
	className?: string
}) {
	const messageId = useId()
	const [message, setMessage] = useState(autoStart && released ? NO_SOURCE_MESSAGE : '')
	const explain = () => setMessage(NO_SOURCE_MESSAGE)
	return (
		<div className={cn('flex flex-col gap-2', className)}>
			<div className="flex flex-wrap gap-3">
				<Button
					variant="primary"
					size={size}
					onClick={explain}
					disabled={!released}
					aria-describedby={message ? messageId : undefined}
					data-testid="watch-button"
				>
					<Play className="h-5 w-5 fill-current" aria-hidden="true" />
					{released ? watchLabel : 'Coming Soon'}
				</Button>
				<Button
					variant="secondary"
					size={size}
					onClick={explain}
					disabled={!released}
					aria-describedby={message ? messageId : undefined}
					data-testid="download-button"
				>
					<Download className="h-5 w-5" aria-hidden="true" />
					Download
				</Button>
			</div>
			<p id={messageId} role="status" aria-live="polite" className="min-h-0 text-sm text-muted" data-testid="no-source-message">
				{message}
			</p>
		</div>
	)
}
