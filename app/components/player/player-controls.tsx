import { Captions, Ellipsis } from 'lucide-react'
import { useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { SKIP_SECONDS } from '#app/lib/player/player-rules.ts'
import './media-chrome.ts'

// The player's chrome inside media-controller: the top bar (Back and the
// breadcrumb) and the control bar (media-chrome's play, skip, volume, time and
// fullscreen, and the buttons of the player's own menus).

export type Panel = 'subtitles' | 'settings' | 'quality' | 'source' | 'more'

export const PANEL_LABELS: Record<Panel, string> = {
	subtitles: 'Subtitles',
	settings: 'Subtitle settings',
	quality: 'Quality',
	source: 'Source',
	more: 'More',
}

export function TopBar({ breadcrumb, onClose }: { breadcrumb: Array<{ label: string; href?: string }>; onClose: () => void }) {
	const navigate = useNavigate()
	return (
		<div slot="top-chrome" className="flex w-full items-center gap-3 bg-gradient-to-b from-black/80 to-transparent p-3">
			<Button variant="overlay" size="compact" onClick={onClose} data-testid="player-back">
				Back
			</Button>
			<nav aria-label="Breadcrumb">
				<ol className="flex flex-wrap items-center gap-1 text-sm">
					{breadcrumb.map((crumb, index) => (
						<li key={`${crumb.label}-${index}`} className="flex items-center gap-1">
							{index > 0 ? <span aria-hidden="true">/</span> : null}
							{crumb.href ? (
								<a
									href={crumb.href}
									onClick={(event) => (event.preventDefault(), onClose(), void navigate(crumb.href!))}
									className="hover:underline"
								>
									{crumb.label}
								</a>
							) : (
								<span aria-current="page">{crumb.label}</span>
							)}
						</li>
					))}
				</ol>
			</nav>
		</div>
	)
}

/** The menus a phone reaches through More (a desktop shows their buttons in the bar). */
export const SECONDARY_PANELS: Array<{ panel: Exclude<Panel, 'subtitles' | 'more'>; text: string }> = [
	{ panel: 'settings', text: 'Settings' },
	{ panel: 'quality', text: 'Quality' },
	{ panel: 'source', text: 'Source' },
]

// One row at any width (360 px included): on a phone only play, mute, the
// time bar, the time (never cut), Subtitles, More and fullscreen; skip and
// volume are the double-tap and the device's own buttons there.
// max-sm:hidden, not hidden: Button's own inline-flex would otherwise decide by stylesheet order.
const WIDE_ONLY = 'max-sm:hidden'

export function ControlBar({
	panel,
	onPanel,
	onDownload,
	onPip,
	preview,
}: {
	panel: Panel | null
	/** Whether the seek bar has preview thumbnails. */
	preview: boolean
	onPanel: (panel: Panel | null) => void
	onDownload: () => void
	onPip: () => void
}) {
	const toggle = (item: Panel) => onPanel(panel === item ? null : item)
	return (
		<media-control-bar class="w-full flex-nowrap items-center bg-black/70" data-testid="player-control-bar">
			<media-play-button class="shrink-0" />
			<media-seek-backward-button class={WIDE_ONLY} seekoffset={String(SKIP_SECONDS)} />
			<media-seek-forward-button class={WIDE_ONLY} seekoffset={String(SKIP_SECONDS)} />
			<media-mute-button class="shrink-0" />
			<media-volume-range class={WIDE_ONLY} />
			{/* The hover preview (picture and time) shows only when there are thumbnails to show. */}
			<media-time-range class="min-w-12 flex-1" style={preview ? undefined : { '--media-preview-box-display': 'none' }} />
			<media-time-display class="shrink-0 px-1 sm:px-2.5" showduration="" data-testid="player-time" />
			<Button
				variant="overlay"
				size="compact"
				className="shrink-0"
				aria-label="Subtitles"
				aria-expanded={panel === 'subtitles'}
				onClick={() => toggle('subtitles')}
				data-testid="player-subtitles-button"
				data-panel-button="subtitles"
			>
				<Captions aria-hidden="true" className="size-5 sm:hidden" />
				<span className="hidden sm:inline">Subtitles</span>
			</Button>
			{SECONDARY_PANELS.map((item) => (
				<Button
					key={item.panel}
					variant="overlay"
					size="compact"
					className={WIDE_ONLY}
					aria-expanded={panel === item.panel}
					onClick={() => toggle(item.panel)}
					data-testid={`player-${item.panel}-button`}
					data-panel-button={item.panel}
				>
					{item.text}
				</Button>
			))}
			<Button variant="overlay" size="compact" className={WIDE_ONLY} onClick={onDownload}>
				Download
			</Button>
			<Button variant="overlay" size="compact" className={WIDE_ONLY} onClick={onPip} data-testid="player-pip">
				Picture-in-picture
			</Button>
			<Button
				variant="overlay"
				size="compact"
				className="shrink-0 sm:hidden"
				aria-label="More"
				aria-expanded={panel === 'more'}
				onClick={() => toggle('more')}
				data-testid="player-more-button"
				data-panel-button="more"
			>
				<Ellipsis aria-hidden="true" className="size-5" />
			</Button>
			<media-fullscreen-button class="shrink-0" />
		</media-control-bar>
	)
}

/** A phone's More menu: the secondary menus and actions. */
export function MorePanel({ onPanel, onDownload, onPip }: { onPanel: (panel: Panel) => void; onDownload: () => void; onPip: () => void }) {
	return (
		<div className="flex flex-col gap-1">
			{SECONDARY_PANELS.map((item) => (
				<Button key={item.panel} variant="overlay" size="row" onClick={() => onPanel(item.panel)} data-testid={`player-more-${item.panel}`}>
					{item.text}
				</Button>
			))}
			<Button variant="overlay" size="row" onClick={onDownload}>
				Download
			</Button>
			<Button variant="overlay" size="row" onClick={onPip}>
				Picture-in-picture
			</Button>
		</div>
	)
}
