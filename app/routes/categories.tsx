import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Categories · Willow' }, { name: 'description', content: 'Browse by genre.' }]
}

export default function Categories() {
	return <CatalogueLoading title={'Categories'} rows={3} />
}
