import { Download, Loader2, Play } from 'lucide-react'
import { lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { prepareStartChoices, startChoicesNow } from '#app/components/player/click-start-choices.ts'
import { discardEarlyVideo, earlyVideoShown, startEarlyVideo } from '#app/components/player/early-video.ts'
import { PlayerShell } from '#app/components/player/player-shell.tsx'
import type { PlayerMedia } from '#app/components/player/player-props.ts'
import { Button } from '#app/components/ui/button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import {
	checkingText,
	EPISODE_NOT_FOUND_TEXT,
	EPISODE_RETRY_BUTTON_TEXT,
	lookupProgress,
	MOVIE_NOT_FOUND_TEXT,
	MOVIE_NOT_FOUND_TOAST_MS,
	PREFER_WINDOW_MS,
} from '#app/lib/player/watch-flow.ts'
import { playerTitle } from '#app/lib/player/player-rules.ts'
import { actionableReasons } from '#app/lib/sources/reasons.ts'
import type { SourceInfo, Stream } from '#app/lib/sources/contract.ts'
import { listSources } from '#app/stores/stream-lookups.ts'
import { toast } from '#app/stores/toast.ts'
import { useEarlyClicks } from '#app/utils/early-click.ts'
import { DownloadPanel } from './download-panel.tsx'
import { useWatchFlow } from './use-watch-flow.ts'

// The player (its controls) is a chunk of its own, fetched when it opens, so the
// detail pages' first load stays small; hls.js is another, which only an HLS stream
// needs. The player starts on the first stream: when that is HLS, hls.js is fetched
// beside the player rather than after it.
const Player = lazy(() => import('#app/components/player/player.tsx'))
function fetchHlsFor(streams: readonly Stream[] | undefined) {
	if (streams?.[0]?.type === 'hls') import('#app/components/player/hls-playback.ts').catch(() => {})
}

/** Before the first `checking` event names a server. */
const CHECKING_UNNAMED = checkingText('servers')

export interface WatchActionsProps {
	media: PlayerMedia
	/** Unreleased titles show Coming Soon and look nothing up. */
	released: boolean
	breadcrumb: Array<{ label: string; href?: string }>
	/** The page was opened with ?play=true: play as soon as a stream is found. */
	autoStart: boolean
	watchLabel?: string
}

/**
 * Watch and Download on the movie and episode pages (product.md §4 Playback
 * sources). The lookup starts after hydration; Watch shows the server being
 * checked with a progress bar and opens the player the moment a stream is
 * found, keeping ?play=true in the address while it is open. Failures show
 * product.md's texts (§8).
 */
export function WatchActions({ media, released, breadcrumb, autoStart, watchLabel = 'Watch' }: WatchActionsProps) {
	const flow = useWatchFlow({ type: media.type, tmdbId: media.tmdbId, season: media.season, episode: media.episode }, { enabled: released })
	const { phase, outcome, find } = flow
	const [wantsPlay, setWantsPlay] = useState(autoStart && released)
	const [playerOpen, setPlayerOpen] = useState(false)
	/** A video started at the click shows its first frame before the player's code loads (decision 0056). */
	const [controlsWait, setControlsWait] = useState(false)
	/** Counts openings and closings: a first frame that comes after a close opens nothing. */
	const openings = useRef(0)
	const [downloadOpen, setDownloadOpen] = useState(false)
	/** When Watch was asked for: a better-ranked stream found within PREFER_WINDOW_MS of it takes over. */
	const [watchAt, setWatchAt] = useState(() => Date.now())
	/** A movie's failure was reported (its toast shown), so its reasons show too. */
	const [reported, setReported] = useState(false)
	const [sourceList, setSourceList] = useState<SourceInfo[]>([])
	// Watch and Download tapped before this part hydrated are held and done now (app/utils/early-click.ts).
	const early = useEarlyClicks()
	const [, setSearchParams] = useSearchParams()
	const watchButton = useRef<HTMLButtonElement>(null)
	const statusId = useId()
	const isEpisode = media.type === 'tv'

	// The stored start choices, for a device that has some: the click needs them at once.
	const [choicesReady, setChoicesReady] = useState(false)
	useEffect(() => {
		if (!released) return
		let live = true
		prepareStartChoices().then(
			() => live && setChoicesReady(true),
			() => {},
		)
		return () => {
			live = false
		}
	}, [released])

	const setPlayParam = useCallback(
		(on: boolean) => {
			setSearchParams(
				(current) => {
					const next = new URLSearchParams(current)
					if (on) next.set('play', 'true')
					else next.delete('play')
					return next
				},
				{ replace: true, preventScrollReset: true },
			)
		},
		[setSearchParams],
	)

	const openPlayer = useCallback(() => {
		fetchHlsFor(outcome?.streams)
		setPlayerOpen(true)
		setPlayParam(true)
		void listSources()
			.then(setSourceList)
			.catch(() => {})
	}, [setPlayParam, outcome])

	// Watch was asked for: open as soon as the lookup finds a stream; report a failure once.
	useEffect(() => {
		if (!wantsPlay) return
		if (phase === 'found') {
			setWantsPlay(false)
			openPlayer()
		} else if (phase === 'failed') {
			setWantsPlay(false)
			if (!isEpisode) {
				// product.md §8's text, and under it the first thing the viewer can do (the full list stays on the page).
				const first = actionableReasons(outcome?.sources ?? [])[0]
				toast.error(MOVIE_NOT_FOUND_TEXT, { duration: MOVIE_NOT_FOUND_TOAST_MS, ...(first ? { description: first.text } : {}) })
				setReported(true)
			}
			if (autoStart) setPlayParam(false)
		}
	}, [wantsPlay, phase, outcome, openPlayer, isEpisode, autoStart, setPlayParam])

	const onWatch = () => {
		if (!released) return
		setWatchAt(Date.now())
		if (phase === 'found') {
			// The first stream starts now, in the click's task, in the shell. The player's code, the address's
			// ?play=true and the source list wait for its first frame: none of it then holds the main thread
			// while that frame is on its way (decision 0056).
			const choices = startChoicesNow()
			if (choices && startEarlyVideo(media, outcome?.streams[0], playerTitle(media), choices)) {
				setPlayerOpen(true)
				setControlsWait(true)
				const opening = ++openings.current
				void earlyVideoShown().then(() => {
					if (openings.current !== opening) return
					setControlsWait(false)
					openPlayer()
				})
				return
			}
			openPlayer()
			return
		}
		if (phase !== 'looking') find()
		setWantsPlay(true)
	}
	const onDownload = () => {
		if (!released) return
		if (phase === 'idle' || phase === 'failed') find()
		setDownloadOpen(true)
	}
	const closePlayer = () => {
		openings.current++
		discardEarlyVideo()
		setControlsWait(false)
		setPlayerOpen(false)
		setPlayParam(false)
		window.requestAnimationFrame(() => watchButton.current?.focus())
	}

	const looking = phase === 'looking'
	const failedEpisode = isEpisode && phase === 'failed' && !wantsPlay
	const reasons = phase === 'failed' && !wantsPlay && (isEpisode || reported) ? actionableReasons(outcome?.sources ?? []) : []
	const progress = Math.round(lookupProgress(flow.sources) * 100)
	const checkingLabel = flow.checkingName ? checkingText(flow.checkingName) : CHECKING_UNNAMED
	const watchText = !released ? 'Coming Soon' : looking ? checkingLabel : failedEpisode ? EPISODE_RETRY_BUTTON_TEXT : watchLabel
	return (
		<div className="flex flex-col gap-2">
			{/* Nothing moves while a stream is looked for: Watch keeps one width whatever its label says (a long
			    "Checking …" is cut, not widened), and the progress bar's line is kept when the bar is not shown. */}
			<div className="flex flex-wrap gap-3">
				<div className="flex max-w-full min-w-0 flex-col gap-1">
					<Button
						ref={watchButton}
						size="lg"
						className="w-80 max-w-full justify-start"
						onClick={onWatch}
						disabled={!released}
						aria-busy={looking}
						aria-describedby={statusId}
						data-testid="watch-button"
						data-phase={phase}
						data-start-choices={choicesReady ? 'ready' : 'loading'}
						{...early('watch')}
					>
						{looking ? (
							<Loader2 className="h-5 w-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
						) : (
							<Play className="h-5 w-5 fill-current" aria-hidden="true" />
						)}
						<span className="truncate">{watchText}</span>
					</Button>
					{looking ? (
						<div
							role="progressbar"
							aria-label="Looking for a stream"
							aria-valuemin={0}
							aria-valuemax={100}
							aria-valuenow={progress}
							className="h-1 w-full overflow-hidden rounded-full bg-surface-3"
							data-testid="watch-progress"
						>
							<div
								className="h-full bg-accent transition-[width] duration-300 motion-reduce:transition-none"
								style={{ width: `${Math.max(progress, 5)}%` }}
							/>
						</div>
					) : (
						<div className="h-1" aria-hidden="true" />
					)}
				</div>
				<Button
					variant="secondary"
					size="lg"
					onClick={onDownload}
					disabled={!released}
					aria-haspopup="dialog"
					data-testid="download-button"
					{...early('download')}
				>
					<Download className="h-5 w-5" aria-hidden="true" />
					Download
				</Button>
			</div>
			{/* An episode's lookup starts on its own and may fail with a text and reasons (product.md §8): their
			    room is kept from the first paint, so the page below does not move when they come (CLS 0). */}
			<div className={cn('flex flex-col gap-1', isEpisode && 'min-h-21')} data-testid="watch-outcome">
				<p
					id={statusId}
					role="status"
					aria-live="polite"
					className={cn('text-sm', failedEpisode ? 'text-red-600 dark:text-red-400' : 'sr-only')}
					data-testid="watch-status"
				>
					{looking && wantsPlay ? checkingLabel : failedEpisode ? EPISODE_NOT_FOUND_TEXT : ''}
				</p>
				{reasons.length > 0 ? (
					// Each source's own reason with its next step (issue 25 item 4), under §8's text.
					<ul className="flex flex-col gap-1 text-sm text-muted" aria-label="Why nothing plays" data-testid="watch-reasons">
						{reasons.map((reason) => (
							<li key={reason.sourceId} data-source={reason.sourceId}>
								{reason.text}{' '}
								<Link to={reason.next.href} className="font-medium text-foreground underline underline-offset-2">
									{reason.next.label}
								</Link>
							</li>
						))}
					</ul>
				) : null}
			</div>
			{released ? (
				<DownloadPanel
					open={downloadOpen}
					onClose={() => setDownloadOpen(false)}
					title={media.episodeTitle ?? media.title}
					phase={phase}
					outcome={outcome}
				/>
			) : null}
			{playerOpen && outcome && controlsWait ? <PlayerShell onClose={closePlayer} /> : null}
			{playerOpen && outcome && !controlsWait ? (
				<Suspense fallback={<PlayerShell onClose={closePlayer} />}>
					<Player
						media={media}
						streams={outcome.streams}
						extraCaptions={outcome.subtitles}
						sources={sourceList}
						preferUntil={watchAt + PREFER_WINDOW_MS}
						breadcrumb={breadcrumb}
						onClose={closePlayer}
						onDownload={() => setDownloadOpen(true)}
					/>
				</Suspense>
			) : null}
		</div>
	)
}
