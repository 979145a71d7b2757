import { data } from 'react-router'
import { NotFound } from '#app/components/not-found.tsx'

export function loader() {
	return data(null, { status: 404 })
}

export function meta() {
	return [{ title: 'Page not found · Willow' }]
}

export default function NotFoundRoute() {
	return <NotFound />
}
