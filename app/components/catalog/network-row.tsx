import { ArrowLeftRight, Pause, Play } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { withKind } from '#app/lib/browse/media.ts'
import { NETWORKS, WATCH_REGION, type Network } from '#app/lib/catalog/networks.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { SegmentedControl } from '#app/components/ui/segmented-control.tsx'
import type { TmdbMovieListItem, TmdbPage, TmdbTvListItem } from '#app/lib/catalog/tmdb-types.ts'
import { catalogRequest } from '#app/utils/api-client.ts'
import { useEarlyClicks } from '#app/utils/early-click.ts'
import type { CardMedia } from './media-card.tsx'
import { MediaRow, MediaRowSkeleton } from './media-row.tsx'

export const NETWORK_ROTATE_MS = 12_000

export type NetworkKind = 'tv' | 'movie'

/** The discover query behind a network row (also used by server loaders). */
export function networkDiscoverQuery(network: Network, page = 1) {
	return { with_watch_providers: network.providerId, watch_region: WATCH_REGION, page }
}

async function loadNetworkItems(network: Network, kind: NetworkKind, signal: AbortSignal): Promise<CardMedia[]> {
	const page = await catalogRequest<TmdbPage<TmdbMovieListItem | TmdbTvListItem>>(
		`/discover/${kind}`,
		networkDiscoverQuery(network),
		signal,
	)
	return withKind(page.results, kind)
}

/**
 * The rotating network row (product.md §2, home): starts on the network the server
 * picked at random, moves to the next network every few seconds (paused on
 * hover, focus, the pause button or reduced motion), and the heading switches
 * between series and movies.
 */
export function NetworkRow({
	initialSlug,
	initialKind = 'tv',
	initialItems,
	allowKindSwitch = true,
}: {
	initialSlug: string
	initialKind?: NetworkKind
	initialItems: CardMedia[]
	allowKindSwitch?: boolean
}) {
	const [slug, setSlug] = useState(initialSlug)
	const [kind, setKind] = useState<NetworkKind>(initialKind)
	const cache = useRef(new Map<string, CardMedia[]>([[`${initialSlug}:${initialKind}`, initialItems]]))
	const [items, setItems] = useState<CardMedia[] | null>(initialItems)
	const [failed, setFailed] = useState(false)
	const [hovered, setHovered] = useState(false)
	const [stopped, setStopped] = useState(false)
	const [reducedMotion, setReducedMotion] = useState(false)
	const network = NETWORKS.find((n) => n.slug === slug) ?? NETWORKS[0]!
	// The row's code is a chunk of its own (decision 0043): a press on its buttons before that has
	// hydrated is held and done once it has (decision 0065).
	const early = useEarlyClicks()

	useEffect(() => {
		setReducedMotion(window.matchMedia('(prefers-reduced-motion: reduce)').matches)
	}, [])

	useEffect(() => {
		const key = `${slug}:${kind}`
		const cached = cache.current.get(key)
		if (cached) {
			setItems(cached)
			setFailed(false)
			return
		}
		const controller = new AbortController()
		setItems(null)
		setFailed(false)
		loadNetworkItems(NETWORKS.find((n) => n.slug === slug) ?? NETWORKS[0]!, kind, controller.signal)
			.then((loaded) => {
				cache.current.set(key, loaded)
				setItems(loaded)
			})
			.catch((error: unknown) => {
				if ((error as Error).name !== 'AbortError') setFailed(true)
			})
		return () => controller.abort()
	}, [slug, kind])

	const paused = stopped || hovered || reducedMotion
	useEffect(() => {
		if (paused) return
		const timer = window.setTimeout(() => {
			const index = NETWORKS.findIndex((n) => n.slug === slug)
			setSlug(NETWORKS[(index + 1) % NETWORKS.length]!.slug)
		}, NETWORK_ROTATE_MS)
		return () => window.clearTimeout(timer)
	}, [paused, slug])

	const kindLabel = kind === 'tv' ? 'Series' : 'Movies'
	const title = `${network.name} ${kindLabel}`
	const heading = allowKindSwitch ? (
		<button
			type="button"
			onClick={() => setKind((k) => (k === 'tv' ? 'movie' : 'tv'))}
			className="inline-flex items-center gap-2 rounded-md hover:text-accent"
			aria-label={`${title}: switch to ${kind === 'tv' ? 'movies' : 'series'}`}
			data-testid="network-row-heading"
			{...early('network-kind')}
		>
			{title}
			<ArrowLeftRight className="h-4 w-4 text-muted" aria-hidden="true" />
		</button>
	) : (
		title
	)

	return (
		<div
			className="flex flex-col gap-3"
			onMouseEnter={() => setHovered(true)}
			onMouseLeave={() => setHovered(false)}
			onFocus={() => setHovered(true)}
			onBlur={(event) => {
				if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHovered(false)
			}}
			data-testid="network-row"
			data-network={slug}
			data-kind={kind}
		>
			<div className="flex flex-wrap items-center gap-2">
				<SegmentedControl
					label="Streaming network"
					variant="chips"
					className="flex-wrap"
					itemClassName="py-1 text-xs font-medium"
					value={slug}
					onChange={setSlug}
					options={NETWORKS.map((n) => ({ value: n.slug, label: n.name }))}
					itemData={(value) => early(`network-${value}`)}
				/>
				<IconButton
					onClick={() => setStopped((s) => !s)}
					className="ml-auto"
					label={stopped ? 'Resume network rotation' : 'Pause network rotation'}
					{...early('network-pause')}
				>
					{stopped ? <Play className="h-4 w-4" aria-hidden="true" /> : <Pause className="h-4 w-4" aria-hidden="true" />}
				</IconButton>
			</div>
			{failed ? (
				<p className="text-sm text-muted">Could not load {title}. </p>
			) : items === null ? (
				<MediaRowSkeleton title={title} />
			) : (
				<MediaRow
					title={title}
					heading={heading}
					items={items}
					viewAllHref={`/networks/${network.slug}?type=${kind}`}
					emptyText="No content found for this network"
				/>
			)}
			{failed ? (
				<Link to={`/networks/${network.slug}`} className="text-sm text-accent underline">
					Browse {network.name}
				</Link>
			) : null}
		</div>
	)
}
