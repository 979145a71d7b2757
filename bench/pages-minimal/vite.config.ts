import { reactRouter } from '@react-router/dev/vite'
import { defineConfig } from 'vite'

// Bundle everything into the server build so it runs from a folder outside the repository.
export default defineConfig({ ssr: { noExternal: true }, plugins: [reactRouter()] })
