import { useEffect } from 'react'
import { reconcileTheme } from '#app/lib/theme/theme-preference.ts'
import { updateSetting } from './settings.ts'
import { readLocalSettings, SETTINGS_CHANGED_EVENT } from './sync.ts'
import { setThemePreference, storedTheme } from './theme.ts'

/**
 * Keeps the page's theme on the Appearance setting, the one source of truth:
 * at start (adopting a theme toggled before the two were one), when a sync
 * brings the setting from another device, and when another tab changes it.
 * Loaded after hydration with the rest of the device code (it needs zod).
 */
export function useThemeFollowsSettings() {
	useEffect(() => {
		const follow = () => {
			const settings = readLocalSettings()
			const action = reconcileTheme(
				{ theme: settings.values.appearance.theme, changedAt: settings.changedAt['appearance.theme'] },
				storedTheme(),
			)
			if (action.kind === 'adopt') updateSetting('appearance.theme', action.theme)
			else if (action.changed) setThemePreference(action.theme)
		}
		const onStorage = (event: StorageEvent) => {
			if (event.key === 'settings') follow()
		}
		follow()
		window.addEventListener(SETTINGS_CHANGED_EVENT, follow)
		window.addEventListener('storage', onStorage)
		return () => {
			window.removeEventListener(SETTINGS_CHANGED_EVENT, follow)
			window.removeEventListener('storage', onStorage)
		}
	}, [])
}
