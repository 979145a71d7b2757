import { createContext, useContext } from 'react'

// The site's one stylesheet goes inline in the head of every document: it was the one
// render-blocking request between the HTML and the first paint (issue 27, decision 0052).
// The server hands the CSS text in through this context (entry.server.tsx); the browser never
// imports it (it would be 12 KB more of first-load JavaScript), so on hydration the element
// keeps the text the server wrote, read back from the document once.
const AppStylesContext = createContext<string | null>(null)
export const AppStylesProvider = AppStylesContext.Provider

let fromDocument: string | undefined

export function AppStyles({ nonce }: { nonce: string }) {
	const css = useContext(AppStylesContext) ?? (fromDocument ??= document.getElementById('app-styles')?.textContent ?? '')
	return <style id="app-styles" nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} />
}
