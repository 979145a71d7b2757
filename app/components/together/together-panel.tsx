import { useState } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import type { TogetherSnapshot } from '#app/stores/together.ts'

// The Watch together panel: sign in, start a room, or (in one) its link, who
// is in it and Leave.

export interface TogetherPanelProps {
	signedIn: boolean
	/** The room's link, once in one. */
	link: string | null
	snapshot: TogetherSnapshot | null
	error: string | null
	onStart: () => void
	onLeave: () => void
	onClose: () => void
}

export function TogetherPanel({ signedIn, link, snapshot, error, onStart, onLeave, onClose }: TogetherPanelProps) {
	const [copied, setCopied] = useState(false)
	const copy = async () => {
		if (!link) return
		try {
			await navigator.clipboard.writeText(link)
			setCopied(true)
		} catch {
			setCopied(false)
		}
	}
	return (
		<section
			aria-label="Watch together"
			className="w-80 max-w-[calc(100vw-1.5rem)] rounded-lg bg-black/90 p-4 text-sm text-white shadow-lg"
			data-testid="together-panel"
			onKeyDown={(event) => {
				if (event.key === 'Escape') {
					event.stopPropagation()
					onClose()
				}
			}}
		>
			<h2 className="mb-2 text-base font-semibold">Watch together</h2>
			{!signedIn ? (
				<p>
					<Link to="/login" className="underline">
						Sign in
					</Link>{' '}
					to watch with others: play, pause and seeks apply to everyone in the room.
				</p>
			) : !link ? (
				<>
					<p className="mb-3">
						Start a room and share its link with up to 9 others who are signed in. Play, pause and seeks apply to everyone.
					</p>
					<Button variant="light" size="sm" onClick={onStart} data-testid="together-start">
						Start a room
					</Button>
				</>
			) : (
				<>
					<label className="mb-1 block" htmlFor="together-link">
						Room link
					</label>
					<div className="mb-3 flex gap-2">
						<input
							id="together-link"
							readOnly
							value={link}
							onFocus={(event) => event.currentTarget.select()}
							className="min-w-0 flex-1 rounded bg-white/10 px-2 py-1"
							data-testid="together-link"
						/>
						<Button variant="light" size="sm" onClick={() => void copy()}>
							{copied ? 'Copied' : 'Copy'}
						</Button>
					</div>
					<h3 className="mb-1 font-semibold">In the room</h3>
					<ul className="mb-3 space-y-1" data-testid="together-members">
						{(snapshot?.room?.members ?? []).map((member) => (
							<li key={member.id} className="flex justify-between gap-2">
								<span>
									{member.name}
									{member.id === snapshot?.you ? ' (you)' : ''}
								</span>
								<span className="text-white/70">{member.ready ? 'ready' : 'loading'}</span>
							</li>
						))}
					</ul>
					<Button variant="overlay" size="sm" className="border border-white/40" onClick={onLeave} data-testid="together-leave">
						Leave room
					</Button>
				</>
			)}
			{error ? (
				<p role="alert" className="mt-2 text-red-300">
					{error}
				</p>
			) : null}
		</section>
	)
}
