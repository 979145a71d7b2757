import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Category · Willow' }, { name: 'description', content: 'Titles in a genre.' }]
}

export default function CategoryPage() {
	return <CatalogueLoading title={'Category'} rows={2} />
}
