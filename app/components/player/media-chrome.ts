import 'media-chrome/dist/media-controller.js'
import 'media-chrome/dist/media-control-bar.js'
import 'media-chrome/dist/media-play-button.js'
import 'media-chrome/dist/media-seek-backward-button.js'
import 'media-chrome/dist/media-seek-forward-button.js'
import 'media-chrome/dist/media-mute-button.js'
import 'media-chrome/dist/media-volume-range.js'
import 'media-chrome/dist/media-time-range.js'
import 'media-chrome/dist/media-time-display.js'
import 'media-chrome/dist/media-fullscreen-button.js'
import 'media-chrome/dist/media-loading-indicator.js'
import type { ReactNode } from 'react'

// The media-chrome web components the player uses, defined at import time
// (the player is only loaded in the browser, through React.lazy), and their
// JSX types.

type CustomElementProps = { children?: ReactNode; class?: string; slot?: string; [attribute: string]: unknown }
declare module 'react' {
	// eslint-disable-next-line @typescript-eslint/no-namespace
	namespace JSX {
		interface IntrinsicElements {
			'media-controller': CustomElementProps
			'media-control-bar': CustomElementProps
			'media-play-button': CustomElementProps
			'media-seek-backward-button': CustomElementProps
			'media-seek-forward-button': CustomElementProps
			'media-mute-button': CustomElementProps
			'media-volume-range': CustomElementProps
			'media-time-range': CustomElementProps
			'media-time-display': CustomElementProps
			'media-fullscreen-button': CustomElementProps
			'media-loading-indicator': CustomElementProps
		}
	}
}
