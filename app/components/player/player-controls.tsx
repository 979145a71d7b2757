import { useNavigate } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { SKIP_SECONDS } from '#app/lib/player/player-rules.ts'
import './media-chrome.ts'

// The player's chrome inside media-controller: the top bar (Back and the
// breadcrumb) and the control bar (media-chrome's play, skip, volume, time and
// fullscreen, and the buttons of the player's own menus).

export type Panel = 'subtitles' | 'settings' | 'quality' | 'source'

export const PANEL_LABELS: Record<Panel, string> = {
	subtitles: 'Subtitles',
	settings: 'Subtitle settings',
	quality: 'Quality',
	source: 'Source',
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

const MENU_BUTTONS: Array<{ panel: Panel; text: string }> = [
	{ panel: 'subtitles', text: 'Subtitles' },
	{ panel: 'settings', text: 'Settings' },
	{ panel: 'quality', text: 'Quality' },
	{ panel: 'source', text: 'Source' },
]

export function ControlBar({
	panel,
	onPanel,
	onDownload,
	onPip,
}: {
	panel: Panel | null
	onPanel: (panel: Panel | null) => void
	onDownload: () => void
	onPip: () => void
}) {
	return (
		<media-control-bar class="w-full flex-wrap bg-black/70">
			<media-play-button />
			<media-seek-backward-button seekoffset={String(SKIP_SECONDS)} />
			<media-seek-forward-button seekoffset={String(SKIP_SECONDS)} />
			<media-mute-button />
			<media-volume-range />
			<media-time-range />
			<media-time-display showduration="" />
			{MENU_BUTTONS.map((item) => (
				<Button
					key={item.panel}
					variant="overlay"
					size="compact"
					aria-expanded={panel === item.panel}
					onClick={() => onPanel(panel === item.panel ? null : item.panel)}
					data-testid={`player-${item.panel}-button`}
				>
					{item.text}
				</Button>
			))}
			<Button variant="overlay" size="compact" onClick={onDownload}>
				Download
			</Button>
			<Button variant="overlay" size="compact" onClick={onPip} data-testid="player-pip">
				Picture-in-picture
			</Button>
			<media-fullscreen-button />
		</media-control-bar>
	)
}
