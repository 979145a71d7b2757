import { useEffect, useRef, useState, type RefObject } from 'react'
import { correctDrift, nextSeekLead } from '#app/lib/together/drift.ts'
import { positionAt } from '#app/lib/together/room.ts'
import type { TogetherSession, TogetherSnapshot } from '#app/stores/together.ts'
import { isAutoplayRefusal, isMutedByBrowser, muteForAutoplay } from '#app/components/player/autoplay-mute.ts'

// Keeps the <video> where the room is, and turns the viewer's own play, pause
// and seek into the room's. Every tick (and on each change of the room) it
// compares the video with the room's position on the server clock
// (app/lib/together/): a room that waits or is paused is matched by a paused
// video at its position; a playing one by playback-rate nudges or a seek
// (correctDrift). The video's own events that this hook did not cause are the
// viewer's actions and go to the room; those it caused are recognised by what
// it expected.

const TICK_MS = 250
/** HAVE_FUTURE_DATA: the video can play on from here. */
const CAN_PLAY = 3
/** A video this far from a held or paused room is moved to it. */
const PARKED_TOLERANCE_S = 0.15
/** A seek by the viewer: the video lands this far from where the room is. */
const USER_SEEK_S = 1.5
/** Not ready for this long before the room is told (a drift-correction seek is shorter). */
const NOT_READY_GRACE_MS = 400
/** After a new source loads, the player's own autoplay and resume are not the viewer's actions. */
const LOAD_QUIET_MS = 2000
/** How long an event this hook caused may take to arrive (events queue behind a busy page). */
const OWN_EVENT_MS = 5000

export interface TogetherSync {
	/** The browser refused to start playback, or its sound (autoplay): the viewer must tap. */
	needsTap: boolean
	/** Starts playback from a tap (a user gesture the browser accepts). */
	tapToPlay: () => void
}

export function useTogetherSync(
	videoRef: RefObject<HTMLVideoElement | null>,
	session: TogetherSession | null,
	snapshot: TogetherSnapshot | null,
): TogetherSync {
	const [needsTap, setNeedsTap] = useState(false)
	const snapshotRef = useRef(snapshot)
	snapshotRef.current = snapshot
	const internal = useRef({
		/** When this hook last called play() / pause(), and where it last sent the video (its own events are not the viewer's). */
		ownPlays: [] as number[],
		ownPauses: [] as number[],
		ownSeeks: [] as Array<{ to: number; at: number }>,
		measuringSeek: false,
		seekIssuedAt: 0,
		seekLead: 0,
		quietUntil: 0,
		synced: false,
		notReadySince: null as number | null,
		lastReadySent: null as boolean | null,
		lastReadySentAt: 0,
		blocked: false,
		/** After the viewer's own action, the room's answer is awaited before the video is moved back. */
		pendingVersion: null as number | null,
		pendingUntil: 0,
	})

	useEffect(() => {
		const video = videoRef.current
		if (!video || !session) return
		const state = internal.current
		state.synced = false
		state.quietUntil = performance.now() + LOAD_QUIET_MS

		const room = () => snapshotRef.current?.room ?? null
		const me = () => {
			const snap = snapshotRef.current
			return snap?.room?.members.find((member) => member.id === snap.you) ?? null
		}
		// A tap is asked for while nothing can play (even muted), or while the video plays muted because
		// the browser refused its sound (here or at the player's autoplay): that member hears nothing.
		const showTap = () => setNeedsTap(state.blocked || isMutedByBrowser(video))
		const play = () => {
			if (!video.paused || state.blocked) return
			state.ownPlays.push(performance.now())
			video.play().then(showTap, (error: unknown) => {
				if (!isAutoplayRefusal(error)) return
				// Sound refused: muted is usually allowed (as the player does, product.md §4), in step until the tap; if not, nothing plays until it.
				if (!video.muted) {
					muteForAutoplay(video)
					state.ownPlays.push(performance.now())
					video.play().then(showTap, () => {
						state.blocked = true
						showTap()
					})
				} else {
					state.blocked = true
					showTap()
				}
			})
		}
		const pause = () => {
			if (video.paused) return
			state.ownPauses.push(performance.now())
			video.pause()
		}
		const seek = (to: number, measure = false) => {
			const at = performance.now()
			state.ownSeeks = [...state.ownSeeks.filter((own) => at - own.at < OWN_EVENT_MS), { to, at }]
			state.seekIssuedAt = session.serverNow()
			state.measuringSeek = measure
			video.currentTime = to
		}
		const own = (at: number) => performance.now() - at < OWN_EVENT_MS
		/** Each play()/pause() this hook makes fires one event: the next one of that kind is its own. */
		const takeOwn = (pending: number[]) => {
			while (pending.length > 0 && !own(pending[0]!)) pending.shift()
			return pending.shift() !== undefined
		}
		const ownSeek = () => state.ownSeeks.some((seekTo) => own(seekTo.at) && Math.abs(video.currentTime - seekTo.to) < 0.5)
		const setRate = (rate: number) => {
			if (Math.abs(video.playbackRate - rate) > 0.0005) video.playbackRate = rate
		}
		const reportReady = (ready: boolean) => {
			const now = performance.now()
			const mine = me()
			if (!mine) return
			if (mine.ready === ready && state.lastReadySent === ready) return
			if (state.lastReadySent === ready && now - state.lastReadySentAt < 1000) return
			state.lastReadySent = ready
			state.lastReadySentAt = now
			session.send({ t: 'ready', ready })
		}

		const tick = () => {
			const current = room()
			if (!current || snapshotRef.current?.status !== 'open' || video.readyState < 1) return
			showTap()
			if (state.pendingVersion === current.version && performance.now() < state.pendingUntil) return
			state.pendingVersion = null
			const now = session.serverNow()
			const target = positionAt(current, now)
			// Past the end: nothing to follow (the player shows its end of title).
			if (Number.isFinite(video.duration) && target >= video.duration - 0.25) return
			const advancing = current.playing && current.members.every((member) => member.ready)
			const startsIn = current.anchor - now
			if (!advancing || startsIn > 0) {
				setRate(1)
				pause()
				if (!video.seeking && Math.abs(video.currentTime - target) > PARKED_TOLERANCE_S) seek(target)
				if (advancing && startsIn > 0 && startsIn < TICK_MS) setTimeout(tick, startsIn)
			} else {
				if (video.paused && !video.ended) play()
				if (!video.seeking) {
					const correction = correctDrift(video.currentTime, target, state.seekLead)
					if (correction.kind === 'rate') setRate(correction.rate)
					else if (correction.kind === 'seek') seek(correction.to, true)
				}
			}
			// Ready: loaded at the room's place.
			const near = Math.abs(video.currentTime - target) < (advancing ? 1 : 0.5)
			const ready = video.readyState >= CAN_PLAY && !video.seeking && near
			if (ready) {
				state.notReadySince = null
				state.synced = true
				reportReady(true)
			} else {
				const since = (state.notReadySince ??= performance.now())
				// A held room (or a newcomer) says so at once; a playing one after a grace (short correction seeks).
				if (!advancing || me()?.ready === false || performance.now() - since > NOT_READY_GRACE_MS) reportReady(false)
			}
		}

		const sendAction = (message: Parameters<TogetherSession['send']>[0]) => {
			state.pendingVersion = room()?.version ?? null
			state.pendingUntil = performance.now() + 1500
			session.send(message)
		}
		const onPlay = () => {
			if (takeOwn(state.ownPlays)) return
			const current = room()
			if (!state.synced || performance.now() < state.quietUntil || !current) return
			if (!current.playing) sendAction({ t: 'play' })
		}
		const onPause = () => {
			if (takeOwn(state.ownPauses)) return
			const current = room()
			if (!state.synced || video.ended || performance.now() < state.quietUntil || !current) return
			if (current.playing) sendAction({ t: 'pause' })
		}
		const onSeeking = () => {
			if (ownSeek()) return
			const current = room()
			if (!state.synced || performance.now() < state.quietUntil || !current) return
			if (Math.abs(video.currentTime - positionAt(current, session.serverNow())) > USER_SEEK_S)
				sendAction({ t: 'seek', position: video.currentTime })
		}
		const onSeeked = () => {
			if (!state.measuringSeek) return
			state.measuringSeek = false
			// How long a correction seek took while the room went on: aim that much further next time.
			state.seekLead = nextSeekLead(state.seekLead, (session.serverNow() - state.seekIssuedAt) / 1000)
		}
		const onLoadStart = () => {
			state.quietUntil = performance.now() + LOAD_QUIET_MS
			state.synced = false
		}
		video.addEventListener('play', onPlay)
		video.addEventListener('pause', onPause)
		video.addEventListener('seeking', onSeeking)
		video.addEventListener('seeked', onSeeked)
		video.addEventListener('loadstart', onLoadStart)
		const timer = setInterval(tick, TICK_MS)
		const unsubscribe = session.subscribe(tick)
		return () => {
			clearInterval(timer)
			unsubscribe()
			video.removeEventListener('play', onPlay)
			video.removeEventListener('pause', onPause)
			video.removeEventListener('seeking', onSeeking)
			video.removeEventListener('seeked', onSeeked)
			video.removeEventListener('loadstart', onLoadStart)
			video.playbackRate = 1
			setNeedsTap(false)
		}
	}, [videoRef, session])

	return {
		needsTap,
		tapToPlay: () => {
			const video = videoRef.current
			if (!video) return
			internal.current.blocked = false
			// Within the tap the browser lets the sound on; play() (resolved at once when already playing) frees this video for later starts.
			if (video.paused) internal.current.ownPlays.push(performance.now())
			video.muted = false
			video.play().then(
				() => setNeedsTap(false),
				() => {},
			)
		},
	}
}
