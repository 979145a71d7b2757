import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react'
import { useId, useLayoutEffect, useState } from 'react'
import { isBannerVisible, type InfoBanner } from '#app/lib/promo/choice.ts'
import { cn } from '#app/lib/ui/cn.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { readDevice, writeDevice } from '#app/stores/device-storage.ts'
import { focusMainContent } from '#app/utils/focus.ts'

const STYLES = {
	info: { icon: Info, box: 'border-sky-600 bg-sky-600/10', iconClass: 'text-sky-700 dark:text-sky-400' },
	warning: { icon: AlertTriangle, box: 'border-amber-500 bg-amber-500/10', iconClass: 'text-amber-700 dark:text-amber-400' },
	success: { icon: CheckCircle2, box: 'border-emerald-600 bg-emerald-600/10', iconClass: 'text-emerald-700 dark:text-emerald-400' },
	error: { icon: XCircle, box: 'border-red-600 bg-red-600/10', iconClass: 'text-red-700 dark:text-red-400' },
} as const

function readDismissed(): string[] | undefined {
	try {
		return readDevice('dismissedInfoBoxes')
	} catch {
		// Storage refused: the failure is reported by device-storage; show the banner.
		return undefined
	}
}

/** The owner's info banner (product.md §2 Home). Title and content are plain text, never HTML. */
export function InfoBannerView({ banner }: { banner: InfoBanner }) {
	const titleId = useId()
	const [hidden, setHidden] = useState(false)
	// Dismissals live on the device, so the server renders the banner and the browser hides it before paint where it can.
	useLayoutEffect(() => {
		setHidden(!isBannerVisible(banner, Date.now(), readDismissed()))
	}, [banner])
	if (hidden) return null
	const style = STYLES[banner.type]
	const Icon = style.icon
	const dismiss = () => {
		setHidden(true)
		focusMainContent()
		const ids = readDismissed() ?? []
		try {
			if (!ids.includes(banner.id)) writeDevice('dismissedInfoBoxes', [...ids, banner.id])
		} catch {
			// Reported by device-storage; the banner stays hidden for this visit.
		}
	}
	return (
		<section
			aria-labelledby={titleId}
			data-testid="info-banner"
			data-type={banner.type}
			className={cn('flex items-start gap-3 rounded-md border-l-4 px-4 py-3', style.box)}
		>
			<Icon className={cn('mt-0.5 h-5 w-5 shrink-0', style.iconClass)} aria-hidden="true" />
			<div className="min-w-0 flex-1">
				<h2 id={titleId} className="font-semibold">
					{banner.title}
				</h2>
				{banner.content ? <p className="mt-1 text-sm whitespace-pre-line">{banner.content}</p> : null}
			</div>
			{banner.dismissible ? (
				<IconButton variant="bare" onClick={dismiss} label="Dismiss notice" className="-m-1 rounded-md p-1 hover:bg-surface-3">
					<X className="h-5 w-5" aria-hidden="true" />
				</IconButton>
			) : null}
		</section>
	)
}
