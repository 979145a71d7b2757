export function loader() {
	return { message: 'Hello from a minimal server-rendered page' }
}

export function meta() {
	return [{ title: 'Minimal' }]
}

export default function Home({ loaderData }: { loaderData: { message: string } }) {
	return (
		<main>
			<h1>{loaderData.message}</h1>
		</main>
	)
}
