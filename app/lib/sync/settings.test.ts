import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS } from './settings-options.ts'
import { emptySettingsDocument, SettingsDocumentSchema, SettingsValuesSchema, settingsFieldPaths } from './settings.ts'

describe('settings defaults', () => {
	it("are the schema's defaults: an empty document parses to exactly them", () => {
		const parsed = SettingsValuesSchema.parse({ player: {}, appearance: {}, content: {}, account: {}, notifications: {} })
		expect(parsed).toEqual(DEFAULT_SETTINGS)
		expect(emptySettingsDocument()).toEqual({ values: DEFAULT_SETTINGS, changedAt: {} })
	})

	it('list every field, and a broken section reads as its defaults', () => {
		expect(settingsFieldPaths()).toHaveLength(
			Object.values(DEFAULT_SETTINGS).reduce((sum, section) => sum + Object.keys(section).length, 0),
		)
		const stored = SettingsDocumentSchema.parse({
			values: { ...DEFAULT_SETTINGS, appearance: { subtitleSize: 'huge' } },
			changedAt: {},
		})
		expect(stored.values.appearance).toEqual(DEFAULT_SETTINGS.appearance)
	})

	it('a document does not share its values with the defaults', () => {
		const document = emptySettingsDocument()
		document.values.appearance.subtitleSize = 150
		expect(DEFAULT_SETTINGS.appearance.subtitleSize).toBe(100)
	})
})
