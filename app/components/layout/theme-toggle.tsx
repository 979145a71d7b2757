import { Moon, Sun } from 'lucide-react'
import { cn } from '#app/lib/cn.ts'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { useTheme } from '#app/utils/theme.ts'

/** Flips dark/light and stores the choice. */
export function ThemeToggle({ className, withLabel }: { className?: string; withLabel?: boolean }) {
	const { theme, toggle } = useTheme()
	const next = theme === 'dark' ? 'light' : 'dark'
	return (
		<IconButton
			variant="bare"
			onClick={toggle}
			label={`Switch to ${next} theme`}
			data-testid="theme-toggle"
			className={cn('inline-flex items-center gap-2 rounded-md p-2 text-sm hover:bg-surface-2', className)}
		>
			{theme === 'dark' ? <Sun className="h-5 w-5" aria-hidden="true" /> : <Moon className="h-5 w-5" aria-hidden="true" />}
			{withLabel ? <span>{theme === 'dark' ? 'Light mode' : 'Dark mode'}</span> : null}
		</IconButton>
	)
}
