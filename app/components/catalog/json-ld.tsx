import { jsonLdScript } from '#app/lib/browse/seo.ts'

/** Structured data as a data block (not executed, so the CSP allows it without a nonce). */
export function JsonLd({ data }: { data: unknown }) {
	return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
}
