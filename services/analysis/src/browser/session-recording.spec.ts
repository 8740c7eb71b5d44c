import { findSessionRecorders, parseRecorderEvent } from './session-recording.js';

const FRAME = 'https://shop.example/';
const event = (kind: string, script: string) => ({ kind, script, frameUrl: FRAME });

describe(findSessionRecorders.name, () => {
  it('reports a script watching document mutations, pointer movement and keys', () => {
    expect(
      findSessionRecorders([
        event('mutations', 'https://rec.example/r.js'),
        event('mousemove', 'https://rec.example/r.js'),
        event('input', 'https://rec.example/r.js'),
        event('click', 'https://rec.example/r.js'),
      ]),
    ).toEqual([
      {
        script: 'https://rec.example/r.js',
        listeners: ['click', 'input', 'mousemove'],
        frames: [FRAME],
      },
    ]);
  });

  it('does not report a script that does only part of it (a framework, a click tracker)', () => {
    expect(
      findSessionRecorders([
        event('click', 'https://shop.example/app.js'),
        event('keydown', 'https://shop.example/app.js'),
        event('mutations', 'https://shop.example/app.js'),
        event('mousemove', 'https://heatmap.example/h.js'),
        event('click', 'https://heatmap.example/h.js'),
        // Pieces spread over different scripts do not add up.
        event('mutations', 'https://a.example/a.js'),
        event('mousemove', 'https://b.example/b.js'),
        event('keydown', 'https://c.example/c.js'),
      ]),
    ).toEqual([]);
  });

  it('keeps only well-formed reports from the page', () => {
    expect(parseRecorderEvent({ kind: 'mousemove', script: 'https://a.example/a.js' })).toEqual({
      kind: 'mousemove',
      script: 'https://a.example/a.js',
    });
    expect(parseRecorderEvent({ kind: 'resize', script: 'https://a.example/a.js' })).toBeNull();
    expect(parseRecorderEvent({ kind: 'mutations', script: null })).toBeNull();
    expect(parseRecorderEvent('mutations')).toBeNull();
  });
});
