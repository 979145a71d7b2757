export const SITE_NAME = 'Willow'

/** One of these shows in the footer, chosen at random per page load. */
export const FOOTER_TAGLINES = [
	'Willow hosts no media. It shows information about movies and series and links to sources you choose.',
	'Browse, bookmark and pick up where you left off. Willow is a directory, not a host.',
] as const

export const SEARCH_PLACEHOLDER = 'Search a movie, series or anime name...'
/** The standard placeholder on phones, where the long one does not fit. */
export const SEARCH_PLACEHOLDER_SHORT = 'Search movies, series, anime...'
/** Placeholder rotation: a new popular title every 5 s, with a 300 ms fade. */
export const PLACEHOLDER_ROTATE_MS = 5000
export const PLACEHOLDER_FADE_MS = 300

export const NOT_FOUND_TEXT = "The page you're looking for doesn't exist, is being built, or has been moved."

export interface NavLink {
	label: string
	to: string
}

export const CATEGORY_MENU: NavLink[] = [
	{ label: 'View All', to: '/categories' },
	{ label: 'Anime', to: '/categories/anime' },
	{ label: 'Adventure', to: '/categories/adventure' },
	{ label: 'Horror', to: '/categories/horror' },
	{ label: 'Comedy', to: '/categories/comedy' },
	{ label: 'Action', to: '/categories/action' },
	{ label: 'Romance', to: '/categories/romance' },
]

export const NETWORK_MENU: NavLink[] = [
	{ label: 'All platforms', to: '/networks' },
	{ label: 'Netflix', to: '/networks/netflix' },
	{ label: 'Apple TV+', to: '/networks/apple-tv' },
	{ label: 'Disney+', to: '/networks/disney' },
	{ label: 'HBO Max', to: '/networks/hbo' },
	{ label: 'Amazon Prime', to: '/networks/amazon-prime' },
]

export interface FooterLink extends NavLink {
	/** Hidden on narrow screens (product.md §2, footer). */
	wideOnly?: boolean
}

export const FOOTER_LINKS: FooterLink[] = [
	{ label: 'Home', to: '/' },
	{ label: 'Movies', to: '/movies' },
	{ label: 'Series', to: '/series' },
	{ label: 'Watch History', to: '/history', wideOnly: true },
	{ label: 'Bookmarks', to: '/bookmarks' },
	{ label: '4K Guide', to: '/4k' },
	{ label: 'Donate', to: '/donate', wideOnly: true },
	{ label: 'FAQ', to: '/faq', wideOnly: true },
	{ label: 'DMCA', to: '/dmca', wideOnly: true },
	{ label: 'Disclaimer', to: '/disclaimer', wideOnly: true },
	{ label: 'Terms of Service', to: '/tos', wideOnly: true },
	{ label: 'Partners', to: '/partners', wideOnly: true },
	{ label: 'Stats', to: '/stats' },
]

export const MOBILE_MENU_GROUPS: Array<{ title: string; links: NavLink[] }> = [
	{
		title: 'Movies',
		links: [
			{ label: 'All movies', to: '/movies' },
			{ label: 'Discover', to: '/discover' },
			{ label: 'Search', to: '/search' },
		],
	},
	{ title: 'Series', links: [{ label: 'All series', to: '/series' }] },
	{ title: 'Networks', links: NETWORK_MENU },
	{ title: 'Categories', links: CATEGORY_MENU },
]
