export interface Network {
	slug: string
	name: string
	/** TMDB watch-provider id (US region). */
	providerId: number
	aliases: readonly string[]
}

// The eight streaming networks of product.md §2 and §7.
export const NETWORKS: readonly Network[] = [
	{ slug: 'netflix', name: 'Netflix', providerId: 8, aliases: [] },
	{ slug: 'hulu', name: 'Hulu', providerId: 15, aliases: [] },
	{ slug: 'disney', name: 'Disney+', providerId: 337, aliases: [] },
	{ slug: 'hbo', name: 'HBO Max', providerId: 1899, aliases: ['hbo-max'] },
	{ slug: 'amazon-prime', name: 'Amazon Prime', providerId: 9, aliases: [] },
	{ slug: 'apple-tv', name: 'Apple TV+', providerId: 350, aliases: [] },
	{ slug: 'paramount-plus', name: 'Paramount+', providerId: 531, aliases: ['paramount'] },
	{ slug: 'peacock', name: 'Peacock', providerId: 386, aliases: [] },
]

export const WATCH_REGION = 'US'

/** Finds a network by slug or alias (case-insensitive); unknown → undefined. */
export function findNetwork(slug: string): Network | undefined {
	const wanted = slug.trim().toLowerCase()
	return NETWORKS.find((n) => n.slug === wanted || n.aliases.includes(wanted))
}
