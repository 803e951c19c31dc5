/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

/** The app's blue (blue-800, the header's links) and its page's white. */
const THEME_COLOR = '#1e40af'
const BACKGROUND_COLOR = '#ffffff'

const icon = (size: number) => ({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' })
const maskable = (size: number) => ({ src: `/icons/maskable-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'maskable' })
const shortcut = (name: string, url: string) => ({ name, short_name: name, url, icons: [{ src: '/icons/icon-96.png', sizes: '96x96', type: 'image/png' }] })

/**
 * The built `index.html` again as `app-shell.html`, the page the service worker keeps for when the
 * network is gone: the server answers `/index.html` with the home page, content and all, and serves
 * this file as it is.
 */
function appShell(): Plugin {
  return {
    name: 'jobportal:app-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html']
      if (index?.type !== 'asset') return
      this.emitFile({ type: 'asset', fileName: 'app-shell.html', source: index.source })
    },
  }
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // Our own worker (src/sw.ts, built to /sw.js), with the list of the shell's files put in it.
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      scope: '/',
      // main.tsx registers it (lib/pwa/register.ts) and prompts for each new version.
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        // One classic script: /sw.js registers without `type: 'module'`.
        rollupFormat: 'iife',
        // The shell: its page, the scripts and styles, the logo and favicon (the manifest and its icons
        // are added by the plugin). Not index.html: the server's answer there is the home page.
        globPatterns: ['app-shell.html', 'assets/**/*.{js,css}', 'logo.svg', 'favicon.ico'],
      },
      manifest: {
        id: '/',
        name: 'jobportal',
        short_name: 'jobportal',
        description: 'jobportal connects job seekers with recruiters.',
        lang: 'en',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: THEME_COLOR,
        background_color: BACKGROUND_COLOR,
        icons: [...[48, 72, 96, 128, 144, 152, 192, 256, 384, 512].map(icon), maskable(192), maskable(512)],
        shortcuts: [shortcut('Jobs', '/jobs'), shortcut('My Applications', '/dashboard/my-applications'), shortcut('Messages', '/dashboard/messages')],
      },
    }),
    appShell(),
  ],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
  // .vite/manifest.json: the server preloads each public screen's chunks in the page it serves for it.
  build: { manifest: true },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    // Tests see CSS as empty, but for the app's own stylesheet: the focus ring's rules are tested on it.
    css: { include: [/index\.css/] },
    include: ['src/**/*.test.{ts,tsx}'],
    // Two cores shared with a Rust build can stretch a whole-app render past the 5 s default; a test
    // that needs 20 s is hung, not slow.
    testTimeout: 20_000,
  },
})
