import { lazy, Suspense } from 'react'
import type { Ad, InfoBanner } from '#app/lib/promo/choice.ts'

// The banner and ad components load as their own chunks, and only when the
// owner configured something: a fresh install downloads none of this code and
// renders nothing in these places.
const InfoBannerView = lazy(() => import('#app/components/promo/info-banner.tsx').then((m) => ({ default: m.InfoBannerView })))
const AdSlotView = lazy(() => import('#app/components/promo/ad-slot.tsx').then((m) => ({ default: m.AdSlotView })))

export interface HomePromoData {
	banner: InfoBanner | null
	ads: Ad[]
	seed: number
}

export function HomeInfoBanner({ promo }: { promo: HomePromoData }) {
	if (!promo.banner) return null
	return (
		<Suspense fallback={null}>
			<InfoBannerView banner={promo.banner} />
		</Suspense>
	)
}

export function HomeAdSlot({ promo, slot }: { promo: HomePromoData; slot: number }) {
	if (promo.ads.length <= slot) return null
	return (
		<Suspense fallback={null}>
			<AdSlotView ads={promo.ads} seed={promo.seed} slot={slot} />
		</Suspense>
	)
}
