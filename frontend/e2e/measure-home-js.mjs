/* global document -- page.evaluate callbacks run in the browser */
// Initial JavaScript of the search home: every script the page loads until the network is
// idle, gzip-compressed the way a server would send it. `node frontend/e2e/measure-home-js.mjs [baseUrl]`.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://localhost:3100';
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});
try {
  for (const path of ['/search', '/']) {
    const page = await browser.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => null);
      if (body)
        scripts.set(new URL(response.url()).pathname, {
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        });
    });
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const total = [...scripts.values()].reduce(
      (sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }),
      { raw: 0, gzip: 0 },
    );
    const heading = await page.evaluate(() => document.querySelector('h1')?.textContent);
    console.log(
      `${path} (${heading}): ${scripts.size} scripts, ${(total.raw / 1024).toFixed(1)} KiB raw, ${(total.gzip / 1024).toFixed(1)} KiB gzip`,
    );
    for (const [name, s] of scripts)
      console.log(`   ${(s.gzip / 1024).toFixed(1).padStart(6)} KiB  ${name}`);
    await page.close();
  }
} finally {
  await browser.close();
}
