import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Streaming networks · Willow' }, { name: 'description', content: 'Browse by streaming network.' }]
}

export default function Networks() {
	return <CatalogueLoading title={'Streaming Networks'} rows={3} />
}
