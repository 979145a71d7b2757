import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Willow' }, { name: 'description', content: 'Browse movies, series and anime.' }]
}

export default function Home() {
	return <CatalogueLoading title={'Popular Shows and Movies'} rows={4} />
}
