import { memo, Suspense, use, useEffect, useId, useRef, type ComponentType } from 'react'
import { useNavigation } from 'react-router'
import { documentHydrated } from '#app/utils/hydrated-mark.ts'
import { sameData } from './lazy-hydrated.tsx'

/** How near the viewport a part's box must come before it hydrates: a flick's worth, so scrolling never meets a dead part. */
const NEAR_VIEWPORT = '400px 0px'

/** The parts hydrating from the server's HTML that wait to be seen, by React id: the promise they wait on, and what ends it. */
const closed = new Map<string, [Promise<void>, () => void]>()

function open(id: string) {
	closed.get(id)?.[1]()
	closed.delete(id)
}

/**
 * Inside the part's Suspense boundary: holds hydration (the server's HTML stays as it is) until the
 * gate opens. Memoised: the wrapper re-renders at each change of the router's state, the part need not.
 */
const Gated = memo(function Gated({ id, part: Part, props }: { id: string; part: ComponentType<object>; props: object }) {
	const gate = closed.get(id)
	if (gate) use(gate[0])
	return <Part {...props} />
})

/**
 * A part of a page below the fold that the browser hydrates only once it comes near the viewport,
 * or a pointer or the keyboard reaches it (issue 27, decision 0073). Until then the server's HTML
 * stands as it is: its links work as plain links, and nothing of it costs the main thread in the
 * page's first seconds. On a page reached by a link (after the first has hydrated) it renders at once.
 *
 * React keeps a Suspense boundary's server HTML while its content waits. An update that reaches a
 * waiting boundary (new props, a change of the router's state) would be held back until the part
 * can hydrate (a transition, as the router's updates are) or would drop that HTML for the empty
 * fallback (an urgent one). So the wrapper opens its gate whenever it renders again, and the
 * boundary hydrates there and then. It reads the router's state for that reason alone, and is
 * memoised on its props' data, like lazyHydrated.
 */
export function hydrateWhenSeen<Props extends object>(Part: ComponentType<Props>) {
	function WhenSeen(props: Props) {
		const id = useId()
		const box = useRef<HTMLDivElement>(null)
		const rendered = useRef(false)
		useNavigation()
		if (!import.meta.env.SSR) {
			if (rendered.current) open(id)
			// Only while the document hydrates: a part first rendered later (a page reached by a link) has no HTML to keep.
			else if (!documentHydrated() && !closed.has(id)) {
				let release = () => {}
				closed.set(id, [new Promise<void>((resolve) => (release = resolve)), () => release()])
			}
		}
		useEffect(() => {
			rendered.current = true
			const node = box.current
			if (!closed.has(id) || !node?.firstElementChild) return open(id)
			const release = () => open(id)
			const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && release(), {
				rootMargin: NEAR_VIEWPORT,
			})
			observer.observe(node.firstElementChild)
			// A pointer over the part (it comes before a press, a tap's too) or focus from the keyboard.
			node.addEventListener('pointerover', release, { once: true })
			node.addEventListener('focusin', release, { once: true })
			return () => {
				observer.disconnect()
				release()
			}
		}, [id])
		return (
			// Display contents: the box changes no layout; the observer watches the part's own first element.
			<div ref={box} className="contents">
				<Suspense fallback={null}>
					<Gated id={id} part={Part as ComponentType<object>} props={props} />
				</Suspense>
			</div>
		)
	}
	return memo(WhenSeen, sameData)
}
