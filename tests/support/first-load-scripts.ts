/**
 * The scripts a server-rendered document loads before anything else runs: its
 * module scripts' sources and every asset its inline module script names (the
 * paint gate adds the page's module preloads and imports the route modules and
 * the client entry, decision 0060), plus any `<link rel="modulepreload">` left
 * in the HTML (a script the gate could not rewrite keeps them). Shared by the
 * budget tests and the benches, so they count the same files.
 */
export function firstLoadScripts(html: string): Set<string> {
	const paths = new Set<string>()
	for (const match of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)) paths.add(match[1]!)
	for (const match of html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)) paths.add(match[1]!)
	for (const script of html.matchAll(/<script[^>]+type="module"[^>]*>([\s\S]*?)<\/script>/g)) {
		for (const match of script[1]!.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) paths.add(match[1]!)
	}
	return paths
}
