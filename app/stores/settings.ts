import { useCallback, useSyncExternalStore } from 'react'
import {
	emptySettingsDocument,
	setSetting,
	type SettingsDocument,
	type SettingsFieldPath,
	type SettingsValues,
} from '#app/lib/sync/settings.ts'
import { peekDeviceRaw, writeDevice } from './device-storage.ts'
import { storedUserInfo } from './account.ts'
import { flushOutbox, readLocalSettings, SETTINGS_CHANGED_EVENT } from './sync.ts'
import { setThemePreference } from './theme.ts'
import type { ThemePreference } from '#app/lib/theme/themes.ts'

// Settings of product.md §3 on the device, synced to the account when signed in.
// The player and other features read them with useSettings() or readSettings().

let cached: { raw: string | null; document: SettingsDocument } | undefined

function snapshot(): SettingsDocument {
	const raw = peekDeviceRaw('settings')
	if (cached && cached.raw === raw) return cached.document
	cached = { raw, document: readLocalSettings() }
	return cached.document
}

const serverSnapshot = emptySettingsDocument()

function subscribe(listener: () => void) {
	const onStorage = (event: StorageEvent) => {
		if (event.key === 'settings' || event.key === null) listener()
	}
	window.addEventListener(SETTINGS_CHANGED_EVENT, listener)
	window.addEventListener('storage', onStorage)
	return () => {
		window.removeEventListener(SETTINGS_CHANGED_EVENT, listener)
		window.removeEventListener('storage', onStorage)
	}
}

/** The current settings values (defaults until the device has any). */
export function readSettings(): SettingsValues {
	return typeof window === 'undefined' ? serverSnapshot.values : snapshot().values
}

let flushTimer: ReturnType<typeof setTimeout> | undefined

/** Changes one setting: saved on the device at once, sent to the account shortly after. */
export function updateSetting(path: SettingsFieldPath, value: unknown) {
	const next = setSetting(readLocalSettings(), path, value)
	try {
		writeDevice('settings', next)
	} catch {
		// Storage refused (its own toast says so); the change still applies to this page.
		cached = { raw: '__unsaved__', document: next }
	}
	if (path === 'appearance.theme') setThemePreference(value as ThemePreference)
	window.dispatchEvent(new CustomEvent(SETTINGS_CHANGED_EVENT))
	if (storedUserInfo()) {
		clearTimeout(flushTimer)
		flushTimer = setTimeout(() => void flushOutbox(['settings']).catch(() => {}), 800)
	}
}

export function useSettings() {
	const document = useSyncExternalStore(subscribe, snapshot, () => serverSnapshot)
	const update = useCallback((path: SettingsFieldPath, value: unknown) => updateSetting(path, value), [])
	return { settings: document.values, update }
}
