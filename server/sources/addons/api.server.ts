import { Router } from 'express'
import { z } from 'zod'
import { currentUser, requireUser } from '../../auth/session.server.ts'
import { HttpError, badRequest, jsonHandler, notFound, parseInput } from '../../http/errors.server.ts'
import { logger } from '../../logger.server.ts'
import { originForLog, parseHttpUrl } from '../net/address-policy.ts'
import { OutboundRefusedError, UpstreamError } from '../net/safe-fetch.server.ts'
import { fetchManifest } from './addon-sources.server.ts'
import { MAX_USER_ADDONS, addUserAddon, listUserAddons, removeUserAddon, reorderUserAddons } from './store.server.ts'

// /api/addons: a signed-in user's own Stremio add-ons (the account page's
// "Add-ons" tab). Adding one fetches and checks its manifest first, on a
// public address only.

const ManifestUrlInput = z.object({
	manifestUrl: z
		.string({ message: 'Give the add-on’s manifest URL' })
		.trim()
		.min(1, 'Give the add-on’s manifest URL')
		.max(2000, 'That URL is too long')
		.transform((value) => value.replace(/^stremio:\/\//i, 'https://'))
		.refine((value) => parseHttpUrl(value) !== null, 'The manifest URL must be an http or https address'),
})

const OrderInput = z.object({
	ids: z.array(z.string().max(100)).max(MAX_USER_ADDONS, 'Too many ids'),
})

const AddonId = z.string().regex(/^addon:[0-9a-f]{16}$/, 'Unknown add-on')

export function addonsApiRouter(): Router {
	const router = Router()
	router.use(requireUser)

	router.get(
		'/',
		jsonHandler(async (_req, res) => ({ addons: await listUserAddons(currentUser(res).id), max: MAX_USER_ADDONS })),
	)

	router.post(
		'/',
		jsonHandler(async (req, res) => {
			const user = currentUser(res)
			const { manifestUrl: given } = parseInput(ManifestUrlInput, req.body)
			const manifestUrl = parseHttpUrl(given)!.href
			if (!/\/manifest\.json$/.test(new URL(manifestUrl).pathname)) throw badRequest('The URL must end with /manifest.json')
			const existing = await listUserAddons(user.id)
			if (existing.some((addon) => addon.manifestUrl === manifestUrl)) throw new HttpError(409, 'This add-on is already in your list')
			if (existing.length >= MAX_USER_ADDONS) throw new HttpError(409, `You can have at most ${MAX_USER_ADDONS} add-ons`)
			let manifest
			try {
				manifest = await fetchManifest({ manifestUrl, owner: false })
			} catch (error) {
				if (error instanceof OutboundRefusedError) {
					;(res.locals.log ?? logger).warn({ addon: originForLog(manifestUrl), reason: error.message }, 'add-on manifest refused')
					throw badRequest('That address is not allowed: add-ons must be on a public address')
				}
				if (error instanceof UpstreamError) throw badRequest(`Could not read the manifest: ${error.message}`)
				throw badRequest('Could not reach the add-on')
			}
			if (!manifest.ok) throw badRequest(`Could not use this add-on: ${manifest.reason}`)
			if (!manifest.manifest.resources.some((entry) => entry.name === 'stream' || entry.name === 'subtitles')) {
				throw badRequest('This add-on offers no streams or subtitles')
			}
			const added = await addUserAddon(user.id, manifestUrl, manifest.manifest.name)
			if (!added.ok)
				throw new HttpError(
					409,
					added.reason === 'full' ? `You can have at most ${MAX_USER_ADDONS} add-ons` : 'This add-on is already in your list',
				)
			res.status(201)
			return { addon: added.addon, addons: await listUserAddons(user.id) }
		}),
	)

	router.put(
		'/order',
		jsonHandler(async (req, res) => {
			const { ids } = parseInput(OrderInput, req.body)
			const addons = await reorderUserAddons(currentUser(res).id, ids)
			if (!addons) throw badRequest('ids: give every one of your add-ons exactly once')
			return { addons }
		}),
	)

	router.delete(
		'/:id',
		jsonHandler(async (req, res) => {
			const id = parseInput(AddonId, req.params.id)
			const user = currentUser(res)
			if (!(await removeUserAddon(user.id, id))) throw notFound('Unknown add-on')
			return { addons: await listUserAddons(user.id) }
		}),
	)

	return router
}
