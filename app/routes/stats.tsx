import { PageHeader } from '#app/components/ui/page-header.tsx'
import { STATIC_STATS, daysSince, loadBarColour } from '#app/lib/stats.ts'

export function meta() {
	return [{ title: 'Platform Statistics · Willow' }]
}

export default function Stats() {
	const s = STATIC_STATS
	const hours = Math.round(s.totalWatchTime / 3600)
	const years = Math.floor(hours / (24 * 365))
	const days = Math.floor((hours % (24 * 365)) / 24)
	return (
		<div>
			<PageHeader title="Platform Statistics" description={`Launched ${s.launchDate} · ${daysSince(s.launchDate, new Date())} days ago`} />
			<ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
				<li className="rounded-xl bg-surface-2 p-4">
					<h2 className="text-sm text-muted">Movies Watched</h2>
					<p className="text-2xl font-bold">{s.totalMoviesWatched.toLocaleString('en-US')}</p>
				</li>
				<li className="rounded-xl bg-surface-2 p-4">
					<h2 className="text-sm text-muted">Total Watch Time</h2>
					<p className="text-2xl font-bold">
						{years}y {days}d
					</p>
					<p className="text-sm text-muted">{hours.toLocaleString('en-US')} hours</p>
				</li>
				<li className="rounded-xl bg-surface-2 p-4">
					<h2 className="text-sm text-muted">Data Transferred</h2>
					<p className="text-2xl font-bold">{s.totalDataTransferred} TB</p>
				</li>
				<li className="rounded-xl bg-surface-2 p-4">
					<h2 className="text-sm text-muted">Active Users</h2>
					<p className="text-2xl font-bold">{s.activeUsers.month.toLocaleString('en-US')}</p>
					<p className="text-sm text-muted">+{s.growthRate}% monthly</p>
				</li>
			</ul>
			<section className="mt-8">
				<h2 className="mb-2 text-lg font-semibold">Server load</h2>
				<div className="h-3 w-full rounded-full bg-surface-3" role="meter" aria-valuenow={s.serverLoad} aria-valuemin={0} aria-valuemax={100} aria-label="Server load">
					<div className={`h-3 rounded-full ${loadBarColour(s.serverLoad)}`} style={{ width: `${s.serverLoad}%` }} />
				</div>
				<p className="mt-1 text-sm text-muted">{s.serverLoad}%</p>
			</section>
			<section className="mt-8">
				<h2 className="mb-2 text-lg font-semibold">About</h2>
				<p className="text-muted">These numbers are only for show and are not live.</p>
			</section>
		</div>
	)
}
