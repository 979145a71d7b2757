import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Search · Willow' }, { name: 'description', content: 'Search movies and series.' }]
}

export default function SearchPage() {
	return <CatalogueLoading title={'Search'} rows={1} />
}
