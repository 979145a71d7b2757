// The theme vocabulary, in one place: the two themes a page can show and the
// Appearance setting's choices (the two, or follow the system). Pure: no I/O.

export const THEMES = ['dark', 'light'] as const
export type Theme = (typeof THEMES)[number]

/** In the order the Appearance setting lists them. */
export const THEME_PREFERENCES = ['system', 'light', 'dark'] as const satisfies ReadonlyArray<'system' | Theme>
export type ThemePreference = (typeof THEME_PREFERENCES)[number]

export function isTheme(value: unknown): value is Theme {
	return THEMES.some((theme) => theme === value)
}
