import { jsonLdScript, movieJsonLd, type MovieJsonLdInput } from '#app/lib/browse/json-ld.ts'

/** Structured data as a data block (not executed, so the CSP allows it without a nonce). */
export function JsonLd({ data }: { data: unknown }) {
	return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
}

/** A movie's structured data (a Movie and a VideoObject); rendered by the server, hydrated after the first load. */
export function MovieJsonLd({ input }: { input: MovieJsonLdInput }) {
	return (
		<>
			{movieJsonLd(input).map((entry, index) => (
				<JsonLd key={index} data={entry} />
			))}
		</>
	)
}
