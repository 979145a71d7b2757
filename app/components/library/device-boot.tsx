import { AccountSync } from '#app/components/account/account-sync.tsx'
import { useLibraryBoot } from '#app/stores/library-migrations.ts'
import { useThemeFollowsSettings } from '#app/stores/theme-sync.ts'

function LibraryMigrations() {
	useLibraryBoot()
	return null
}

function ThemeFollowsSettings() {
	useThemeFollowsSettings()
	return null
}

/**
 * The device work of the root shell, loaded after hydration by LibraryBoot:
 * it reads validated device data (zod and the library schemas), which keeps
 * them out of every page's first load. Sibling effects run in order, so the
 * load-time migrations finish before the account sync reads the library. It
 * loads only on devices that hold a library or an account (LibraryBoot).
 */
export default function DeviceBoot() {
	return (
		<>
			<LibraryMigrations />
			<ThemeFollowsSettings />
			<AccountSync />
		</>
	)
}
