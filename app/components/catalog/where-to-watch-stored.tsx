import { useSettings } from '#app/stores/settings.ts'
import { WhereToWatchOffers, type WhereToWatchOffersProps } from './where-to-watch-offers.tsx'

/** The offers in the region this device's settings name, following their changes (on this page, the account page, another tab). */
export function StoredWhereToWatchOffers(props: Pick<WhereToWatchOffersProps, 'options' | 'title'>) {
	const { settings, update } = useSettings()
	return (
		<WhereToWatchOffers
			{...props}
			regionSetting={settings.content.watchRegion}
			onRegionChange={(region) => update('content.watchRegion', region)}
		/>
	)
}
