import { useCallback, useEffect, useState } from 'react'
import { readDevice, writeDevice } from './device-storage.ts'

export type Theme = 'dark' | 'light'

/**
 * Runs inline in <head> before first paint: stored theme, else the system
 * preference, else dark. Kept tiny and dependency-free on purpose.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem('theme');if(t&&t.charAt(0)==='"')t=JSON.parse(t);if(t!=='dark'&&t!=='light'){t=window.matchMedia&&window.matchMedia('(prefers-color-scheme: light)').matches?'light':'dark'}var c=document.documentElement.classList;c.toggle('dark',t==='dark');document.documentElement.style.colorScheme=t}catch(e){}})()`

function systemTheme(): Theme {
	return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'
}

function applyTheme(theme: Theme) {
	document.documentElement.classList.toggle('dark', theme === 'dark')
	document.documentElement.style.colorScheme = theme
}

/** The current theme and a toggle that flips and stores it. Follows the system until the user chooses. */
export function useTheme() {
	const [theme, setTheme] = useState<Theme>('dark')

	useEffect(() => {
		const stored = safeRead()
		setTheme(stored ?? systemTheme())
		if (stored) return
		const media = window.matchMedia?.('(prefers-color-scheme: light)')
		if (!media) return
		const onChange = () => {
			if (safeRead()) return
			const next = systemTheme()
			applyTheme(next)
			setTheme(next)
		}
		media.addEventListener('change', onChange)
		return () => media.removeEventListener('change', onChange)
	}, [])

	const toggle = useCallback(() => {
		setTheme((current) => {
			const next: Theme = current === 'dark' ? 'light' : 'dark'
			applyTheme(next)
			try {
				writeDevice('theme', next)
			} catch {
				// The theme still flips for this visit when storage is unavailable.
			}
			return next
		})
	}, [])

	return { theme, toggle }
}

function safeRead(): Theme | undefined {
	try {
		return readDevice('theme')
	} catch {
		return undefined
	}
}
