import { CatalogueLoading } from '#app/components/page-placeholder.tsx'

export const handle = { stickyHeader: false }

export function meta() {
	return [{ title: 'Episode · Willow' }, { name: 'description', content: 'Episode details.' }]
}

export default function Episode() {
	return <CatalogueLoading title={'Episode'} rows={1} />
}
