// One source of truth for the theme: the synced Appearance setting
// (appearance.theme). The device's `theme` key is only its copy for the
// inline boot script, which must paint the right theme before any module
// (or zod) loads. Pure: no I/O.

import type { Theme, ThemePreference } from './themes.ts'

export type ThemeChoice = ThemePreference
export type StoredTheme = Theme | undefined

export type ThemeReconcile =
	/** The setting was never chosen but the device has a theme (a toggle from before they were one): keep it as the setting. */
	| { kind: 'adopt'; theme: 'light' | 'dark' }
	/** The setting decides: make the device copy match it (nothing to do when it already does). */
	| { kind: 'apply'; theme: ThemeChoice; changed: boolean }

export function reconcileTheme(setting: { theme: ThemeChoice; changedAt: number | undefined }, stored: StoredTheme): ThemeReconcile {
	if (setting.changedAt === undefined && stored !== undefined) return { kind: 'adopt', theme: stored }
	const wanted: StoredTheme = setting.theme === 'system' ? undefined : setting.theme
	return { kind: 'apply', theme: setting.theme, changed: wanted !== stored }
}
