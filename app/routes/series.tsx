import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export function meta() {
	return [{ title: "Willow - Watch whatever series or anime you want?" }, { name: 'description', content: 'Browse series and anime.' }]
}

export default function Series() {
	return <CatalogueLoading title={'Series'} rows={4} />
}
