import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from '@playwright/test'

const here = path.dirname(fileURLToPath(import.meta.url))
// E2E_PORT and E2E_WEB_DIR let two runs share a checkout (each with its own server and build).
const PORT = Number(process.env.E2E_PORT ?? 18080)
const baseURL = `http://127.0.0.1:${PORT}`

// The runner loads this file in every worker too; the variable makes them share the one fresh directory,
// and lets the journeys read the server's mail outbox in it (e2e/mail.ts).
process.env.JOBPORTAL_E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'jobportal-e2e-'))

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/global-teardown.ts',
  workers: 1,
  retries: 0,
  reporter: 'list',
  forbidOnly: !!process.env.CI,
  use: {
    baseURL,
    video: 'off',
    trace: 'off',
    screenshot: 'only-on-failure',
    // The journeys see the server's own answers: no service worker answers from its cache, and every
    // request passes the routes a journey sets (a journey about the worker would allow it with test.use).
    serviceWorkers: 'block',
    // Debian's Chromium: the runner must never download a browser of its own.
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: process.env.JOBPORTAL_BIN ?? path.resolve(here, '../server/target/debug/jobportal'),
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      LISTEN_ADDR: `127.0.0.1:${PORT}`,
      DATA_DIR: process.env.JOBPORTAL_E2E_DATA_DIR,
      WEB_DIR: process.env.E2E_WEB_DIR ?? path.resolve(here, 'dist'),
      // Journeys sign up and log in many times from one address; the abuse limits are not under test.
      OTP_CLIENT_LIMIT: '1000',
      LOGIN_FAILURE_LIMIT: '1000',
      // Saved-search alerts are looked for every second, and count a job a second after it is posted.
      ALERT_INTERVAL_SECS: '1',
      ALERT_SETTLE_SECS: '1',
      // Pushes go to the push test service the PWA journey runs on loopback (e2e/pwa.spec.ts).
      OUTBOUND_PRIVATE: 'on',
      // The hiring journey runs a second time on PostgreSQL (make test-e2e, when TEST_DATABASE_URL is set).
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
})
