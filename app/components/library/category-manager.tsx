import { Plus, Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { Input } from '#app/components/ui/input.tsx'
import { categoryLabel, isDefaultCategory } from '#app/lib/library/bookmarks.ts'
import { useBookmarks } from '#app/stores/library.ts'

/**
 * The lists: the three defaults plus custom ones. A new list name is trimmed,
 * an empty one ignored, and it is added with Enter or the add button (product.md §5).
 * Deleting a custom list removes its bookmarks, after a confirmation.
 */
export function CategoryManager() {
	const { ready, categories, bookmarks, addCategory, deleteCategory } = useBookmarks()
	const [name, setName] = useState('')
	const [message, setMessage] = useState<{ kind: 'error' | 'ok'; text: string } | null>(null)
	const [confirming, setConfirming] = useState<string | null>(null)
	const inputId = useId()
	const counts = new Map<string, number>()
	for (const bookmark of bookmarks) counts.set(bookmark.category, (counts.get(bookmark.category) ?? 0) + 1)

	const submit = (event: React.FormEvent) => {
		event.preventDefault()
		const result = addCategory(name)
		if (result.ok) {
			setName('')
			setMessage({ kind: 'ok', text: `Added the list ${result.name}.` })
		} else if (result.reason === 'exists') {
			setMessage({ kind: 'error', text: `A list named ${name.trim()} already exists.` })
		} else if (result.reason === 'empty') {
			setMessage(null)
		}
		// A storage failure has its own toast.
	}

	return (
		<section aria-labelledby={`${inputId}-heading`} id="lists" className="rounded-lg border border-border bg-surface p-4">
			<h2 id={`${inputId}-heading`} className="text-lg font-semibold">
				Your lists
			</h2>
			<ul className="mt-3 flex flex-col gap-1" data-testid="category-list">
				{categories.map((category) => (
					<li key={category} className="flex min-h-10 items-center justify-between gap-2 rounded-md px-2 text-sm hover:bg-surface-2">
						<span>
							{categoryLabel(category)} <span className="text-muted">({counts.get(category) ?? 0})</span>
							{isDefaultCategory(category) ? <span className="sr-only"> (default list)</span> : null}
						</span>
						{isDefaultCategory(category) ? null : confirming === category ? (
							<span className="flex items-center gap-1">
								<Button
									variant="danger"
									size="sm"
									onClick={() => {
										deleteCategory(category)
										setConfirming(null)
										setMessage({ kind: 'ok', text: `Deleted the list ${category}.` })
									}}
								>
									Delete {counts.get(category) ? `with ${counts.get(category)} titles` : 'list'}
								</Button>
								<Button variant="ghost" size="sm" onClick={() => setConfirming(null)}>
									Cancel
								</Button>
							</span>
						) : (
							<Button variant="ghost" size="sm" aria-label={`Delete the list ${category}`} onClick={() => setConfirming(category)}>
								<Trash2 className="h-4 w-4" aria-hidden="true" />
							</Button>
						)}
					</li>
				))}
			</ul>
			<form onSubmit={submit} className="mt-3 flex gap-2">
				<label htmlFor={inputId} className="sr-only">
					New list name
				</label>
				<Input
					id={inputId}
					value={name}
					onChange={(e) => {
						setName(e.target.value)
						setMessage(null)
					}}
					placeholder="Add new category"
					maxLength={64}
					disabled={!ready}
					size="sm"
					tone="raised"
					className="min-w-0 flex-1"
				/>
				<Button type="submit" variant="secondary" disabled={!ready} aria-label="Add category">
					<Plus className="h-4 w-4" aria-hidden="true" />
					<span aria-hidden="true">Add</span>
				</Button>
			</form>
			<p
				role={message?.kind === 'error' ? 'alert' : 'status'}
				className={message?.kind === 'error' ? 'mt-2 text-sm text-red-600 dark:text-red-400' : 'mt-2 text-sm text-muted'}
			>
				{message?.text}
			</p>
		</section>
	)
}
