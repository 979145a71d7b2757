import { useSyncExternalStore } from 'react'
// The schema-free storage module: the theme is in every page's first load, zod is not.
import { decodeStored, readDeviceRaw, removeDevice, writeDevice } from './device-storage-core.ts'

import { isTheme, type Theme, type ThemePreference } from '#app/lib/theme/themes.ts'

/**
 * Runs inline in <head> before first paint: stored theme, else the system
 * preference, else dark. Kept tiny and dependency-free on purpose.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var t=localStorage.getItem('theme');if(t&&t.charAt(0)==='"')t=JSON.parse(t);if(t!=='dark'&&t!=='light'){t=window.matchMedia&&window.matchMedia('(prefers-color-scheme: light)').matches?'light':'dark'}var c=document.documentElement.classList;c.toggle('dark',t==='dark');document.documentElement.style.colorScheme=t}catch(e){}})()`

/** The stored choice; anything else reads as none (as readDevice would, by the same rule as DEVICE_KEYS.theme). */
export function storedTheme(): Theme | undefined {
	try {
		const raw = readDeviceRaw('theme')
		const value = raw === null ? undefined : decodeStored(raw)
		return isTheme(value) ? value : undefined
	} catch {
		return undefined
	}
}

function systemTheme(): Theme {
	return window.matchMedia?.('(prefers-color-scheme: light)').matches ? 'light' : 'dark'
}

/** The theme shown now: the <html> class is the single source of truth in the browser. */
function currentTheme(): Theme {
	return document.documentElement.classList.contains('dark') ? 'dark' : 'light'
}

function applyTheme(theme: Theme) {
	document.documentElement.classList.toggle('dark', theme === 'dark')
	document.documentElement.style.colorScheme = theme
	for (const listener of listeners) listener()
}

const listeners = new Set<() => void>()
let mediaQuery: MediaQueryList | undefined

function onSystemChange() {
	// Follow the system only until the user has chosen.
	if (!storedTheme()) applyTheme(systemTheme())
}

function onStorage(event: StorageEvent) {
	if (event.key === 'theme') applyTheme(storedTheme() ?? systemTheme())
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	if (listeners.size === 1) {
		mediaQuery = window.matchMedia?.('(prefers-color-scheme: light)')
		mediaQuery?.addEventListener('change', onSystemChange)
		window.addEventListener('storage', onStorage)
	}
	return () => {
		listeners.delete(listener)
		if (listeners.size === 0) {
			mediaQuery?.removeEventListener('change', onSystemChange)
			window.removeEventListener('storage', onStorage)
		}
	}
}

/**
 * Flips dark/light, applies it at once and stores the device's copy; returns the new theme.
 * The caller records it as the Appearance setting (see theme-toggle.tsx): the settings store
 * imports this one, so this one does not import it.
 */
export function flipTheme(): Theme {
	const next: Theme = currentTheme() === 'dark' ? 'light' : 'dark'
	applyTheme(next)
	try {
		writeDevice('theme', next)
	} catch {
		// The theme still flips for this visit when storage is unavailable.
	}
	return next
}

/** Applies a theme choice from settings: light or dark is stored; system forgets the choice and follows the system. */
export function setThemePreference(preference: ThemePreference) {
	try {
		if (preference === 'system') removeDevice('theme')
		else writeDevice('theme', preference)
	} catch {
		// Still applied for this visit.
	}
	applyTheme(preference === 'system' ? systemTheme() : preference)
}

/** The current theme, shared by every toggle on the page. */
export function useTheme(): Theme {
	return useSyncExternalStore<Theme>(subscribe, currentTheme, () => 'dark')
}
