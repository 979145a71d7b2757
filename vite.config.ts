import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig(({ isSsrBuild }) => ({
	build: {
		rollupOptions: isSsrBuild ? { input: './server/app.ts' } : undefined,
		// Keep the client bundle honest: assets are hashed and cached forever.
		assetsInlineLimit: 0,
	},
	ssr: {
		// Native or CommonJS-heavy packages stay external in the server bundle.
		external: ['better-sqlite3', 'pg', 'sharp', '@node-rs/argon2', 'ioredis', 'pino'],
	},
	plugins: [tailwindcss(), reactRouter()],
}))
