import * as Dialog from '@radix-ui/react-dialog'
import { X } from 'lucide-react'
import { useMemo, type ReactNode, type RefObject } from 'react'
import { Link } from 'react-router'
import { Button } from '#app/components/ui/button.tsx'
import { IconButton } from '#app/components/ui/icon-button.tsx'
import { cn } from '#app/lib/ui/cn.ts'
import { sanitizeHtmlTree, type SafeNode } from '#app/lib/info-modals/html.ts'
import type { InfoModal } from '#app/lib/info-modals/queue.ts'
import { focusMainContent } from '#app/utils/focus.ts'

/** Classes for the owner's text and allowed markup (lists, links, headings). */
const PROSE =
	'flex flex-col gap-3 text-sm leading-relaxed [&_a]:font-medium [&_a]:text-accent [&_a]:underline [&_a]:underline-offset-2 [&_blockquote]:border-l-2 [&_blockquote]:border-border [&_blockquote]:pl-3 [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_h3]:text-base [&_h3]:font-semibold [&_h4]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_pre]:overflow-x-auto [&_ul]:list-disc [&_ul]:pl-5'

function renderNodes(nodes: SafeNode[], onNavigate: () => void, prefix = ''): ReactNode[] {
	return nodes.map((node, index) => {
		const key = `${prefix}${index}`
		if (typeof node === 'string') return node
		const children = renderNodes(node.children, onNavigate, `${key}.`)
		if (node.tag === 'a') {
			if (node.external) {
				return (
					<a key={key} href={node.href} target="_blank" rel="noopener noreferrer">
						{children}
					</a>
				)
			}
			if (node.href?.startsWith('/')) {
				return (
					<Link key={key} to={node.href} onClick={onNavigate}>
						{children}
					</Link>
				)
			}
			return (
				<a key={key} href={node.href}>
					{children}
				</a>
			)
		}
		const Tag = node.tag
		return Tag === 'br' || Tag === 'hr' ? <Tag key={key} /> : <Tag key={key}>{children}</Tag>
	})
}

/** The owner's markup, through the allow-list (app/lib/info-modals/html.ts); parsed in an inert document, rendered as React elements. */
function ModalHtml({ html, onNavigate }: { html: string; onNavigate: () => void }) {
	const nodes = useMemo(() => sanitizeHtmlTree(new DOMParser().parseFromString(html, 'text/html').body), [html])
	return <>{renderNodes(nodes, onNavigate)}</>
}

/** Plain text: blank lines start paragraphs, single line breaks are kept. */
function ModalText({ text }: { text: string }) {
	const paragraphs = text.split(/\n\s*\n/).filter((paragraph) => paragraph.trim())
	return (
		<>
			{paragraphs.map((paragraph, index) => (
				<p key={index} className="whitespace-pre-line">
					{paragraph}
				</p>
			))}
		</>
	)
}

export interface InfoModalDialogProps {
	modal: InfoModal | null
	/** Close button, backdrop click, Escape or a link inside: the queue records the dismissal. */
	onDismiss: () => void
	/** What had focus before the modal opened; focus goes back there on close (else to the main content). */
	returnFocus: RefObject<Element | null>
}

/** One info modal (product.md §3 "Info modal item"): title, image, text or markup, background colour or picture. */
export default function InfoModalDialog({ modal, onDismiss, returnFocus }: InfoModalDialogProps) {
	const framed = Boolean(modal?.bgColor || modal?.bgImage)
	return (
		<Dialog.Root open={modal !== null} onOpenChange={(open) => (open ? undefined : onDismiss())}>
			{modal ? (
				<Dialog.Portal>
					<Dialog.Overlay className="fixed inset-0 z-50 bg-black/70" data-testid="info-modal-backdrop" />
					<Dialog.Content
						key={modal.id}
						data-testid="info-modal"
						data-modal-id={modal.id}
						aria-describedby={undefined}
						onCloseAutoFocus={(event) => {
							event.preventDefault()
							const target = returnFocus.current
							if (target instanceof HTMLElement && target.isConnected && target !== document.body) target.focus({ preventScroll: true })
							else focusMainContent()
						}}
						className={cn(
							'fixed top-1/2 left-1/2 z-50 flex max-h-[90dvh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl border border-border shadow-2xl',
							framed ? 'bg-cover bg-center p-3 sm:p-4' : 'bg-background',
						)}
						style={
							framed
								? { backgroundColor: modal.bgColor, backgroundImage: modal.bgImage ? `url(${JSON.stringify(modal.bgImage)})` : undefined }
								: undefined
						}
					>
						<div className={cn('flex min-h-0 flex-col overflow-y-auto', framed && 'rounded-lg bg-background/95')}>
							{modal.image ? <img src={modal.image} alt="" className="max-h-56 w-full object-cover" /> : null}
							<div className="flex flex-col gap-3 p-5 sm:p-6">
								<div className="flex items-start justify-between gap-3">
									<Dialog.Title className="text-lg font-semibold text-balance">{modal.title}</Dialog.Title>
									<IconButton label="Close" onClick={onDismiss} className="-mt-1 -mr-2 shrink-0" data-testid="info-modal-close">
										<X className="h-5 w-5" aria-hidden="true" />
									</IconButton>
								</div>
								{modal.content ? (
									<div className={PROSE}>
										{modal.html ? <ModalHtml html={modal.content} onNavigate={onDismiss} /> : <ModalText text={modal.content} />}
									</div>
								) : null}
								<div className="flex justify-end pt-1">
									<Button onClick={onDismiss} data-testid="info-modal-ok">
										Got it
									</Button>
								</div>
							</div>
						</div>
					</Dialog.Content>
				</Dialog.Portal>
			) : null}
		</Dialog.Root>
	)
}
