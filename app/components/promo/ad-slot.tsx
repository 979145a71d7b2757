import { Link } from 'react-router'
import { X } from 'lucide-react'
import { useLayoutEffect, useMemo, useState } from 'react'
import { dismissedToday, localDay, pickAds, seededRandom, withAdDismissed, type Ad } from '#app/lib/promo/choice.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { readDevice, writeDevice } from '#app/stores/device-storage.ts'
import { focusMainContent } from '#app/utils/focus.ts'

/** The home page has two ad slots (product.md §2). */
export const AD_SLOT_COUNT = 2

function readDismissedAds() {
	try {
		return readDevice('dismissedAds')
	} catch {
		// Storage refused (reported by device-storage): nothing counts as dismissed.
		return undefined
	}
}

export interface AdSlotProps {
	ads: Ad[]
	seed: number
	/** 0 or 1: which of the page's draws this slot shows. */
	slot: number
}

/**
 * One sponsored banner with a close button (product.md §1). Both slots draw the
 * same weighted choice from the same seed and take their own entry, so they
 * never show the same ad; ads dismissed today are left out of the draw.
 */
export function AdSlotView({ ads, seed, slot }: AdSlotProps) {
	const [excluded, setExcluded] = useState<ReadonlySet<string> | null>(null)
	const [closed, setClosed] = useState(false)
	useLayoutEffect(() => {
		setExcluded(dismissedToday(readDismissedAds(), localDay(new Date())))
	}, [])
	const ad = useMemo(() => pickAds(ads, AD_SLOT_COUNT, seededRandom(seed), excluded ?? undefined)[slot], [ads, seed, excluded, slot])
	if (!ad || closed) return null
	const close = () => {
		setClosed(true)
		focusMainContent()
		try {
			writeDevice('dismissedAds', withAdDismissed(readDismissedAds(), ad.id, localDay(new Date())))
		} catch {
			// Reported by device-storage; the ad stays closed for this visit.
		}
	}
	return (
		<aside
			aria-label={`Sponsored banner ${slot + 1}`}
			data-testid="ad-slot"
			data-ad-id={ad.id}
			className="mx-auto w-full"
			style={{ maxWidth: ad.width }}
		>
			<div className="mb-1 flex items-center justify-between text-xs text-muted">
				<span>
					Sponsored ·{' '}
					<Link to="/ads" className="underline hover:text-foreground">
						Why ads?
					</Link>{' '}
					·{' '}
					<Link to="/advertise" className="underline hover:text-foreground">
						Advertise
					</Link>
				</span>
				<IconButton
					variant="bare"
					onClick={close}
					label="Close advertisement"
					className="-m-1 rounded-md p-1 text-foreground hover:bg-surface-2"
				>
					<X className="h-4 w-4" aria-hidden="true" />
				</IconButton>
			</div>
			<a href={ad.link} target="_blank" rel="sponsored noopener" className="block">
				<img
					src={ad.gifUrl}
					alt={ad.alt}
					width={ad.width}
					height={ad.height}
					loading="lazy"
					decoding="async"
					className="h-auto w-full rounded-md"
				/>
			</a>
		</aside>
	)
}
