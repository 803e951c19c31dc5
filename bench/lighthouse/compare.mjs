// Two or more builds of the web app side by side: each served by the same server binary on a fresh
// SQLite seeded with 2,000 jobs, and Lighthouse (mobile, as run.mjs) visiting the same pages of each
// in turn, round after round, so that whatever else the machine does falls on every build alike.
//
//   node bench/lighthouse/compare.mjs SERVER_BINARY ROUNDS PAGES WEB_DIST [WEB_DIST...]
//
// PAGES: a comma-separated list of Home, Jobs, Login, Job (the newest job's page) and Category.
// Prints each visit (score, TBT, TTI, the long tasks and the scripts they are laid to), then per
// build and page every score and TBT in order; each visit's whole report is written to
// bench/out/compare/{build}-{page}-{round}.json.
import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'out', 'compare')
const [binary, rounds, pagesArg, ...dists] = process.argv.slice(2)
if (!binary || !Number(rounds) || !pagesArg || dists.length === 0) {
  console.error('usage: node bench/lighthouse/compare.mjs SERVER_BINARY ROUNDS Home,Jobs,Login,Job,Category WEB_DIST [WEB_DIST...]')
  process.exit(2)
}
const PATHS = { Home: () => '/', Jobs: () => '/jobs', Login: () => '/login', Job: (job) => `/job/${job}`, Category: () => '/category/engineering' }
const pages = pagesArg.split(',')
for (const page of pages) if (!PATHS[page]) throw new Error(`no page ${page}: one of ${Object.keys(PATHS).join(', ')}`)

async function waitFor(url, deadline = Date.now() + 60_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within 60 s`)
}

fs.mkdirSync(out, { recursive: true })
const servers = []
const stop = () => {
  for (const server of servers) {
    server.process.kill('SIGTERM')
    fs.rmSync(server.dataDir, { recursive: true, force: true })
  }
}
const results = {}
try {
  for (const [index, dist] of dists.entries()) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jobportal-compare-'))
    const port = 18_100 + index
    const base = `http://127.0.0.1:${port}`
    const env = { ...process.env, DATA_DIR: dataDir, WEB_DIR: path.resolve(dist), LISTEN_ADDR: `127.0.0.1:${port}`, PUBLIC_URL: base }
    if (spawnSync(binary, ['seed-bench', '--jobs', '2000'], { env, stdio: 'ignore' }).status !== 0) throw new Error('seed-bench failed')
    const server = { name: `${index}-${path.basename(path.resolve(dist))}`, base, dataDir, process: spawn(binary, [], { env, stdio: 'ignore' }) }
    servers.push(server)
    await waitFor(`${base}/readyz`)
    server.job = (await (await fetch(`${base}/api/v1/jobs/alljobs?limit=1`)).json()).data[0]._id
  }
  for (let round = 0; round < Number(rounds); round++) {
    for (const server of servers) {
      for (const page of pages) {
        const chrome = await chromeLauncher.launch({
          chromePath: '/usr/bin/chromium',
          chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
        })
        try {
          const { lhr } = await lighthouse(`${server.base}${PATHS[page](server.job)}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
          fs.writeFileSync(path.join(out, `${server.name}-${page}-${round}.json`), JSON.stringify(lhr))
          const score = lhr.categories.performance.score
          if (score === null) {
            console.log(`${server.name} ${page}: not measured (${lhr.runtimeError?.code ?? 'no score'})`)
            continue
          }
          const audit = (id) => Math.round(lhr.audits[id]?.numericValue ?? 0)
          const tasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => `${Math.round(task.duration)}@${Math.round(task.startTime)}:${task.url.replace(server.base, '')}`)
          console.log(`${server.name} ${page} performance ${score} TBT ${audit('total-blocking-time')} TTI ${audit('interactive')} LCP ${audit('largest-contentful-paint')} long tasks [${tasks.join(' ')}]`)
          ;(results[`${server.name} ${page}`] ??= []).push({ score, tbt: audit('total-blocking-time') })
        } finally {
          await chrome.kill()
        }
      }
    }
  }
  console.log('')
  for (const [key, visits] of Object.entries(results)) {
    const scores = visits.map((visit) => visit.score).toSorted((a, b) => a - b)
    const tbts = visits.map((visit) => visit.tbt).toSorted((a, b) => a - b)
    console.log(`${key}: performance ${scores.join(' ')} (median ${scores[Math.floor(scores.length / 2)]}), TBT ${tbts.join(' ')} ms (median ${tbts[Math.floor(tbts.length / 2)]})`)
  }
} finally {
  stop()
}
