/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
