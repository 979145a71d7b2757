import { Link } from 'react-router'
import { NOT_FOUND_TEXT } from '#app/lib/site/site.ts'
import { Button, buttonClass } from './ui/button.tsx'

export function NotFound() {
	return (
		<section className="mx-auto flex max-w-lg flex-col items-center gap-4 py-20 text-center" data-testid="not-found">
			<p className="text-7xl font-black text-accent">404</p>
			<h1 className="text-2xl font-bold">Page not found</h1>
			<p className="text-muted">{NOT_FOUND_TEXT}</p>
			<div className="flex gap-3">
				<Button variant="outline" onClick={() => window.history.back()}>
					Go Back
				</Button>
				<Link to="/movies" className={buttonClass('primary')}>
					Browse movies
				</Link>
			</div>
		</section>
	)
}
