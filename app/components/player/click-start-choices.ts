import { LIBRARY_KEYS } from '#app/stores/device-presence.ts'
import type { DeviceKey } from '#app/stores/device-storage.ts'
import { deviceHoldsAny } from '#app/stores/device-storage-core.ts'
import type * as StoredChoices from './start-choices.ts'
import { DEFAULT_START_CHOICES, type StartChoices } from './start-defaults.ts'

// The start choices the Watch click needs in its own task (decision 0056), without loading
// zod and the library on a device that has stored nothing (issue 27, decision 0064): such
// a device starts with the defaults, which need no storage. A device that holds settings, a
// history or a player choice loads the stored reader (start-choices.ts) after hydration;
// a click before it has loaded opens the player the usual way, which reads them itself.

/** Every key a start choice reads (the settings, the history, the player's device choices). */
export const START_CHOICE_KEYS = [...LIBRARY_KEYS, 'player-volume', 'deviceBestResolution'] as const satisfies readonly DeviceKey[]

let stored: typeof StoredChoices | undefined
let loading: Promise<void> | undefined

/**
 * Loads the stored choices' reader when this device holds any (storage that refuses counts as
 * holding); resolves once startChoicesNow() can answer (at once on a device that holds none).
 */
export function prepareStartChoices(): Promise<void> {
	if (stored || !deviceHoldsAny(START_CHOICE_KEYS)) return Promise.resolve()
	loading ??= import('./start-choices.ts').then(
		(module) => {
			stored = module
		},
		(error: unknown) => {
			loading = undefined
			throw error
		},
	)
	return loading
}

/** The choices a stream starts with now; null while this device's stored ones are still loading. */
export function startChoicesNow(): StartChoices | null {
	if (stored) return stored.storedStartChoices()
	if (!deviceHoldsAny(START_CHOICE_KEYS)) return DEFAULT_START_CHOICES
	prepareStartChoices().catch(() => {})
	return null
}
