import { Moon, Sun } from 'lucide-react'
import { cn } from '#app/lib/ui/cn.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { flipTheme, useTheme } from '#app/stores/theme.ts'

/**
 * Flips dark/light and records the choice as the Appearance setting, the one source of truth
 * (synced to the account); the settings code (zod) loads on this first click, not with every page.
 */
export function toggleTheme() {
	const next = flipTheme()
	void import('#app/stores/settings.ts').then((settings) => settings.updateSetting('appearance.theme', next)).catch(() => {})
}

/** The header's and footer's theme switch. */
export function ThemeToggle({ className, withLabel }: { className?: string; withLabel?: boolean }) {
	const theme = useTheme()
	const next = theme === 'dark' ? 'light' : 'dark'
	return (
		<IconButton
			variant="bare"
			onClick={toggleTheme}
			label={`Switch to ${next} theme`}
			data-testid="theme-toggle"
			className={cn('inline-flex items-center gap-2 rounded-md p-2 text-sm hover:bg-surface-2', className)}
		>
			{theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
			{withLabel ? <span>{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span> : null}
		</IconButton>
	)
}
