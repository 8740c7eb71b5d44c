import { observation, siteObservation } from '../../test/unit/browser-observation.factory.js';
import type { PageSnapshot } from '../pipeline/snapshot.js';
import {
  decodeObservation,
  decodePage,
  encodeObservation,
  encodePage,
} from './analysis-snapshot.js';

describe('analysis snapshots', () => {
  it('keeps the fetched page as it was scored, compressed', () => {
    const html = `<!doctype html><html lang="en"><title>Ünïcode</title>${'<p>Tea and cups.</p>'.repeat(500)}</html>`;
    const page: PageSnapshot = {
      requestedUrl: 'https://shop.example/',
      finalUrl: 'https://shop.example/home',
      status: 200,
      headers: { 'content-type': 'text/html', 'set-cookie': ['a=1', 'b=2'] },
      html,
      tls: true,
      certificateValid: true,
      redirects: 1,
      bytes: Buffer.byteLength(html),
    };
    const stored = encodePage(page);
    expect(decodePage(stored)).toEqual(page);
    expect(stored.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it('keeps what the browser saw, less the screenshots (stored with the analysis already)', () => {
    const home = observation('https://shop.example/', { screenshotPng: Buffer.alloc(50_000, 1) });
    const inner = observation('https://shop.example/about', { screenshotPng: Buffer.from('png') });
    const stored = encodeObservation(siteObservation(home, inner));
    expect(decodeObservation(stored)).toEqual({
      ...siteObservation(home, inner),
      homepage: { ...home, screenshotPng: null },
      innerPage: { ...inner, screenshotPng: null },
    });
    expect(stored.length).toBeLessThan(2_000);
  });
});
