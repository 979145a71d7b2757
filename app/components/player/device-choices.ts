import { readDevice, removeDevice, writeDevice, type DeviceValue } from '#app/stores/device-storage.ts'

// The player's choices kept on this device (volume, best resolution, audio language). Storage
// can be refused (private windows, full quota): then a choice lasts for the session only.

export function storedChoice<K extends 'player-volume' | 'deviceBestResolution' | 'player-audio'>(key: K) {
	try {
		return readDevice(key)
	} catch {
		return undefined
	}
}

export function rememberChoice<K extends 'player-volume' | 'deviceBestResolution' | 'player-audio'>(key: K, value: DeviceValue<K> | null) {
	try {
		if (value === null) removeDevice(key)
		else writeDevice(key, value)
	} catch {
		// Storage refused: the choice still applies to this session.
	}
}
