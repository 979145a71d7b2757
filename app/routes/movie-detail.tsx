import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Movie · Willow' }, { name: 'description', content: 'Movie details.' }]
}

export default function MovieDetail() {
	return <CatalogueLoading title={'Movie'} rows={1} />
}
