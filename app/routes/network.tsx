import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Network · Willow' }, { name: 'description', content: 'Titles on a streaming network.' }]
}

export default function NetworkPage() {
	return <CatalogueLoading title={'Network'} rows={2} />
}
