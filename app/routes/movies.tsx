import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Movies · Willow' }, { name: 'description', content: 'Browse movies.' }]
}

export default function Movies() {
	return <CatalogueLoading title={'Movies'} rows={4} />
}
