import { parseProbeEvent, summariseFingerprinting } from './fingerprint-probe.js';

describe('fingerprint probe reports', () => {
  it('merges techniques and frames per calling script, in a fixed technique order', () => {
    expect(
      summariseFingerprinting([
        {
          technique: 'fonts',
          script: 'https://fp.example/a.js',
          frameUrl: 'https://shop.example/',
        },
        {
          technique: 'canvas',
          script: 'https://fp.example/a.js',
          frameUrl: 'https://shop.example/',
        },
        {
          technique: 'webgl',
          script: 'https://fp.example/a.js',
          frameUrl: 'https://ads.example/frame',
        },
        {
          technique: 'audio',
          script: 'https://other.example/b.js',
          frameUrl: 'https://shop.example/',
        },
      ]),
    ).toEqual([
      {
        script: 'https://fp.example/a.js',
        techniques: ['canvas', 'webgl', 'fonts'],
        frames: ['https://ads.example/frame', 'https://shop.example/'],
      },
      {
        script: 'https://other.example/b.js',
        techniques: ['audio'],
        frames: ['https://shop.example/'],
      },
    ]);
  });

  it('keeps only well-formed reports from the page', () => {
    expect(parseProbeEvent({ technique: 'canvas', script: 'https://a.example/x.js' })).toEqual({
      technique: 'canvas',
      script: 'https://a.example/x.js',
    });
    expect(parseProbeEvent({ technique: 'canvas', script: null })).toEqual({
      technique: 'canvas',
      script: null,
    });
    expect(parseProbeEvent({ technique: 'battery', script: null })).toBeNull();
    expect(parseProbeEvent({ technique: 'canvas', script: 42 })).toBeNull();
    expect(parseProbeEvent({ technique: 'canvas', script: 'x'.repeat(5000) })).toBeNull();
    expect(parseProbeEvent('canvas')).toBeNull();
    expect(parseProbeEvent(null)).toBeNull();
  });
});
