import { THEME_BOOT_SCRIPT } from '#app/stores/theme.ts'
import { EARLY_CLICK_SCRIPT } from './early-click.ts'

/**
 * Zod keeps its global config (what `z.config()` sets) in this global. The CSP
 * allows no eval, so zod must not probe `new Function` when it builds object
 * schemas (the browser would report a CSP violation); route modules build them
 * before the client entry runs, so the setting goes in ahead of every module.
 */
const ZOD_JITLESS_SCRIPT = 'globalThis.__zod_globalConfig={jitless:true}'

let fromDocument: string | undefined

/**
 * The head's inline script, run before the body is parsed: the theme (no flash of the wrong
 * one), zod's setting, and the listener that holds clicks made before hydration. Its text is
 * the server's only: the browser bundle carries none of it (first-load JavaScript is within a
 * few hundred bytes of its budget), and on hydration the element keeps what the server wrote,
 * read back from the document once, as the inline stylesheet does (app-styles.tsx).
 */
export function BootScript({ nonce }: { nonce: string }) {
	const text = import.meta.env.SSR
		? `${THEME_BOOT_SCRIPT};${ZOD_JITLESS_SCRIPT};${EARLY_CLICK_SCRIPT}`
		: (fromDocument ??= document.getElementById('boot-script')?.textContent ?? '')
	return <script id="boot-script" nonce={nonce} dangerouslySetInnerHTML={{ __html: text }} />
}
