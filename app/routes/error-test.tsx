import { data } from 'react-router'

/**
 * Lets the end-to-end suite exercise the error screen and server-side error
 * logging. Answers 404 unless ENABLE_TEST_ROUTES=true.
 */
export function loader() {
	if (process.env.ENABLE_TEST_ROUTES !== 'true') throw data(null, { status: 404 })
	throw new Error('Deliberate test error')
}

export default function ErrorTest() {
	return null
}
