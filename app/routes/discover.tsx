import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Discover · Willow' }, { name: 'description', content: 'Discover trending and popular titles.' }]
}

export default function Discover() {
	return <CatalogueLoading title={'Discover'} rows={3} />
}
