// The site's stylesheet as text, built by the same Vite and Tailwind pipeline as the file it
// replaces, for the inline <style> of every document (app/utils/app-styles.tsx).
import appCss from '#app/app.css?inline'

export const APP_CSS: string = appCss
