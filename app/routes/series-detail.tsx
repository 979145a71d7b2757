import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: 'Series · Willow' }, { name: 'description', content: 'Series details.' }]
}

export default function SeriesDetail() {
	return <CatalogueLoading title={'Series'} rows={1} />
}
