import { ExternalLink } from 'lucide-react'
import { useId, useSyncExternalStore } from 'react'
import { Select } from '#app/components/ui/select.tsx'
import { imageUrl } from '#app/lib/catalog/images.ts'
import { chooseWatchRegion, offersIn, regionName, regionOptions, type WatchOptions } from '#app/lib/catalog/watch-providers.ts'

const REGION_OPTIONS = regionOptions()
const noSubscription = () => () => {}
const browserLanguages = () => (navigator.languages?.length ? navigator.languages : [navigator.language]).join(',')

export interface WhereToWatchOffersProps {
	options: WatchOptions
	title: string
	/** The region setting: 'auto' (the browser's languages) or a region code. */
	regionSetting: string
	onRegionChange: (region: string) => void
	/** The region picker was focused or touched: a change may follow. */
	onRegionIntent?: () => void
}

/** The offers of the viewer's region, grouped Stream, Rent, Buy, with a region picker and TMDB/JustWatch attribution. */
export function WhereToWatchOffers({ options, title, regionSetting, onRegionChange, onRegionIntent }: WhereToWatchOffersProps) {
	const id = useId()
	const languages = useSyncExternalStore(noSubscription, browserLanguages, () => '')
	const region = chooseWatchRegion(regionSetting, languages ? languages.split(',') : [])
	const { link, groups } = offersIn(options, region)
	const name = regionName(region)
	const choices = REGION_OPTIONS.some((option) => option.value === region)
		? REGION_OPTIONS
		: [{ value: region, label: name }, ...REGION_OPTIONS]
	return (
		<div className="flex flex-col gap-4" data-testid="watch-offers" data-region={region}>
			<div className="flex flex-wrap items-center gap-2 text-sm">
				<label htmlFor={`${id}-region`} className="text-muted">
					Region
				</label>
				<Select
					id={`${id}-region`}
					size="sm"
					value={region}
					onChange={(event) => onRegionChange(event.target.value)}
					onFocus={onRegionIntent}
					onPointerDown={onRegionIntent}
					className="max-w-full min-w-0 text-foreground"
					data-testid="watch-region"
				>
					{choices.map((option) => (
						<option key={option.value} value={option.value}>
							{option.label}
						</option>
					))}
				</Select>
			</div>
			{groups.length === 0 ? (
				<p className="text-muted" data-testid="watch-offers-empty">
					{title} is not available to stream, rent or buy in {name}.
				</p>
			) : (
				<div className="grid gap-4 sm:grid-cols-3">
					{groups.map((group) => (
						<div key={group.kind} className="flex flex-col gap-2" data-testid={`watch-group-${group.kind}`}>
							<h3 id={`${id}-${group.kind}`} className="text-sm font-semibold tracking-wide text-muted uppercase">
								{group.label}
							</h3>
							<ul aria-labelledby={`${id}-${group.kind}`} className="flex flex-col gap-2">
								{group.providers.map((provider) => (
									<li key={provider.id} className="flex items-center gap-3" data-testid="watch-provider">
										{provider.logo ? (
											<img
												src={imageUrl(provider.logo, 'w92')}
												alt=""
												width={40}
												height={40}
												loading="lazy"
												decoding="async"
												className="h-10 w-10 shrink-0 rounded-lg bg-surface-2 object-cover"
											/>
										) : (
											<span aria-hidden="true" className="h-10 w-10 shrink-0 rounded-lg bg-surface-2" />
										)}
										<span className="min-w-0 text-sm font-medium break-words">{provider.name}</span>
									</li>
								))}
							</ul>
						</div>
					))}
				</div>
			)}
			<p className="text-xs text-muted">
				Streaming data provided by JustWatch.
				{link ? (
					<>
						{' '}
						<a
							href={link}
							target="_blank"
							rel="noopener noreferrer"
							className="inline-flex items-center gap-1 underline hover:text-foreground"
							data-testid="watch-attribution"
						>
							See every offer in {name} on TMDB
							<ExternalLink className="h-3 w-3" aria-hidden="true" />
							<span className="sr-only"> (opens in a new tab)</span>
						</a>
					</>
				) : null}
			</p>
		</div>
	)
}
