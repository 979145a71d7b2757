import { lazyHydrated } from '#app/components/ui/lazy-hydrated.tsx'

export function meta() {
	return [{ title: 'My Bookmarks · Willow' }, { name: 'robots', content: 'noindex' }]
}

// The page is rendered on the server in its loading state; its code (the library store, zod for
// what the device holds, the lists panel) loads right after hydration instead of in the first load.
const BookmarksPage = lazyHydrated(() => import('#app/components/library/bookmarks-page.tsx').then((m) => m.BookmarksPage))

export default function Bookmarks() {
	return <BookmarksPage />
}
