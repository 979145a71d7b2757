import { describe, expect, it } from 'vitest'
import { reconcileTheme } from './theme-preference.ts'

describe('reconcileTheme', () => {
	it('keeps a theme toggled before the setting existed as the setting', () => {
		expect(reconcileTheme({ theme: 'system', changedAt: undefined }, 'light')).toEqual({ kind: 'adopt', theme: 'light' })
	})

	it('lets a chosen setting (this device or synced from another) win over the device copy', () => {
		expect(reconcileTheme({ theme: 'dark', changedAt: 5 }, 'light')).toEqual({ kind: 'apply', theme: 'dark', changed: true })
		expect(reconcileTheme({ theme: 'system', changedAt: 5 }, 'dark')).toEqual({ kind: 'apply', theme: 'system', changed: true })
		expect(reconcileTheme({ theme: 'light', changedAt: 5 }, undefined)).toEqual({ kind: 'apply', theme: 'light', changed: true })
	})

	it('has nothing to change when the copy matches', () => {
		expect(reconcileTheme({ theme: 'dark', changedAt: 5 }, 'dark')).toEqual({ kind: 'apply', theme: 'dark', changed: false })
		expect(reconcileTheme({ theme: 'system', changedAt: undefined }, undefined)).toEqual({ kind: 'apply', theme: 'system', changed: false })
		expect(reconcileTheme({ theme: 'system', changedAt: 3 }, undefined)).toEqual({ kind: 'apply', theme: 'system', changed: false })
	})
})
