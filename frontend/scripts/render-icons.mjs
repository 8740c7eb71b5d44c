// Renders the app icons (public/icons/*.png) from their SVG sources with Debian's Chromium.
// Run after changing an icon: `node frontend/scripts/render-icons.mjs`.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const targets = [
  { source: 'icon.svg', out: 'icon-192.png', size: 192 },
  { source: 'icon.svg', out: 'icon-512.png', size: 512 },
  { source: 'maskable.svg', out: 'maskable-512.png', size: 512 },
  { source: 'maskable.svg', out: 'apple-touch-icon.png', size: 180 },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-sync',
  ],
});
try {
  for (const { source, out, size } of targets) {
    const svg = await readFile(`${icons}${source}`, 'utf8');
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    );
    await page.screenshot({ path: `${icons}${out}`, omitBackground: true });
    await page.close();
    console.log(`wrote ${out}`);
  }
} finally {
  await browser.close();
}
