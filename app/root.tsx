import { lazy, Suspense } from 'react'
import {
	isRouteErrorResponse,
	Links,
	Meta,
	Outlet,
	Scripts,
	ScrollRestoration,
	useMatches,
	useRouteError,
	type LinksFunction,
} from 'react-router'
import { getEnv } from '#server/env.server.ts'
import { getSessionUser } from '#server/auth/session.server.ts'
import { InfoModals } from './components/info-modals/info-modals.tsx'
import { LibraryBoot } from './components/library/library-boot.tsx'
import { MobileBottomBar } from './components/layout/mobile-bottom-bar.tsx'
import { SiteFooter } from './components/layout/site-footer.tsx'
import { SiteHeader } from './components/layout/site-header.tsx'
import { FOOTER_TAGLINES, SITE_NAME } from './lib/site/site.ts'
import { useNonce } from './utils/nonce.tsx'
import { AppStyles } from './utils/app-styles.tsx'
import { useAfterLoad } from './utils/after-load.ts'
import { useHydratedMark } from './utils/hydrated-mark.ts'
import { BootScript } from './utils/boot-script.tsx'
import type { Route } from './+types/root.ts'

// Out of every page's first load (issue 27): the desktop corner widget waits for an idle moment after
// the load event (it is fixed in a corner, so nothing moves when it appears), the error screens for an error.
const FloatingWidget = lazy(() => import('./components/layout/floating-widget.tsx').then((m) => ({ default: m.FloatingWidget })))
const NotFound = lazy(() => import('./components/not-found.tsx').then((m) => ({ default: m.NotFound })))
const ErrorScreen = lazy(() => import('./components/error-screen.tsx').then((m) => ({ default: m.ErrorScreen })))

function DeferredFloatingWidget() {
	if (!useAfterLoad()) return null
	return (
		<Suspense fallback={null}>
			<FloatingWidget />
		</Suspense>
	)
}

export const links: LinksFunction = () => [
	{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
	// The installable app (decision 0030): public/manifest.webmanifest and its icons.
	{ rel: 'manifest', href: '/manifest.webmanifest' },
	{ rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
]

export async function loader({ request }: Route.LoaderArgs) {
	const env = getEnv()
	const user = await getSessionUser(request.headers.get('cookie'), new URL(request.url).protocol === 'https:')
	return {
		user,
		taglineIndex: Math.floor(Math.random() * FOOTER_TAGLINES.length),
		community: { chat: env.COMMUNITY_CHAT_URL, channel: env.COMMUNITY_CHANNEL_URL },
		analyticsEndpoint: env.ANALYTICS_ENDPOINT ?? null,
	}
}

/**
 * A document paints only once its shell has been parsed: a frame drawn mid-parse
 * showed a hero's text block without its last lines, which then grew upwards
 * (bottom-anchored) as they arrived, and the phone's bottom bar with its first
 * links only, which narrowed as the others came: layout shifts (decision 0063).
 * `blocking` is spread because React's types do not list it yet.
 */
const SHELL_END_ID = 'shell-end'
const RENDER_BLOCKING = { blocking: 'render' }

/** Routes can opt out of the sticky header (the episode page does). */
export interface RouteHandle {
	stickyHeader?: boolean
}

export function Layout({ children }: { children: React.ReactNode }) {
	const nonce = useNonce()
	useHydratedMark()
	return (
		<html lang="en" className="dark" suppressHydrationWarning>
			<head>
				<meta charSet="utf-8" />
				<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
				<meta name="color-scheme" content="dark light" />
				<AppStyles nonce={nonce} />
				<BootScript nonce={nonce} />
				{/* The first frame waits until the page's shell is parsed (decision 0063). */}
				<link rel="expect" href={`#${SHELL_END_ID}`} {...RENDER_BLOCKING} />
				<Meta />
				<Links />
			</head>
			<body className="min-h-screen bg-background font-sans text-foreground antialiased">
				<a
					href="#main"
					className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-accent focus:px-3 focus:py-2 focus:text-accent-foreground"
				>
					Skip to content
				</a>
				{children}
				<ScrollRestoration nonce={nonce} />
				<Scripts nonce={nonce} />
			</body>
		</html>
	)
}

function Shell({ children, taglineIndex }: { children: React.ReactNode; taglineIndex: number }) {
	const matches = useMatches()
	const sticky = !matches.some((m) => (m.handle as RouteHandle | undefined)?.stickyHeader === false)
	return (
		<>
			<SiteHeader sticky={sticky} />
			{/* md and up: a right gutter for the floating widget, so it never lies over a control (issue 26). */}
			<main id="main" className="mx-auto min-h-[60vh] max-w-7xl px-4 py-6 md:pr-20">
				{children}
			</main>
			<SiteFooter taglineIndex={taglineIndex} />
			<MobileBottomBar />
			<div id={SHELL_END_ID} hidden />
			<DeferredFloatingWidget />
			<LibraryBoot />
			<InfoModals />
		</>
	)
}

export default function App({ loaderData }: Route.ComponentProps) {
	return (
		<Shell taglineIndex={loaderData.taglineIndex}>
			<Outlet />
		</Shell>
	)
}

export function meta() {
	return [
		{ title: SITE_NAME },
		{ name: 'description', content: 'Browse movies, series and anime, keep bookmarks and pick up where you left off.' },
	]
}

export function ErrorBoundary() {
	const error = useRouteError()
	if (isRouteErrorResponse(error) && error.status === 404) {
		return (
			<Shell taglineIndex={0}>
				<Suspense fallback={null}>
					<NotFound />
				</Suspense>
			</Shell>
		)
	}
	return (
		<Suspense fallback={null}>
			<ErrorScreen error={error} />
		</Suspense>
	)
}
