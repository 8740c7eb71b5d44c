import { closeFrame, FrameBoundary } from './websocket-frames.js';

const HANDSHAKE =
  'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n';

function textFrame(length: number): Buffer {
  const payload = Buffer.alloc(length, 0x61);
  if (length < 126) return Buffer.concat([Buffer.from([0x81, length]), payload]);
  if (length < 65536) {
    const header = Buffer.from([0x81, 126, 0, 0]);
    header.writeUInt16BE(length, 2);
    return Buffer.concat([header, payload]);
  }
  const header = Buffer.alloc(10);
  header[0] = 0x81;
  header[1] = 127;
  header.writeBigUInt64BE(BigInt(length), 2);
  return Buffer.concat([header, payload]);
}

describe('FrameBoundary', () => {
  it('is not at a boundary before the handshake answer has gone out', () => {
    const boundary = new FrameBoundary();
    expect(boundary.atBoundary).toBe(false);
    boundary.observe(Buffer.from(HANDSHAKE.slice(0, 20)));
    expect(boundary.atBoundary).toBe(false);
    boundary.observe(Buffer.from(HANDSHAKE.slice(20)));
    expect(boundary.atBoundary).toBe(true);
  });

  it.each([5, 300, 70_000])('follows a %i-byte frame split at every kind of place', (length) => {
    const stream = Buffer.concat([Buffer.from(HANDSHAKE), textFrame(length), textFrame(3)]);
    const frameEnds = new Set([
      HANDSHAKE.length + textFrame(length).length,
      HANDSHAKE.length + textFrame(length).length + 5,
    ]);
    for (const cut of [
      HANDSHAKE.length + 1,
      HANDSHAKE.length + 3,
      HANDSHAKE.length + 11,
      stream.length - 2,
    ]) {
      const boundary = new FrameBoundary();
      boundary.observe(stream.subarray(0, cut));
      expect(boundary.atBoundary).toBe(frameEnds.has(cut));
      boundary.observe(stream.subarray(cut));
      expect(boundary.atBoundary).toBe(true);
    }
  });

  it('counts a handshake and the first frame arriving in one chunk', () => {
    const boundary = new FrameBoundary();
    boundary.observe(Buffer.concat([Buffer.from(HANDSHAKE), textFrame(10).subarray(0, 4)]));
    expect(boundary.atBoundary).toBe(false);
    boundary.observe(textFrame(10).subarray(4));
    expect(boundary.atBoundary).toBe(true);
  });
});

describe('closeFrame', () => {
  it('is an unmasked close frame with the code and reason', () => {
    expect([...closeFrame(1008, 'Signed out')]).toEqual([
      0x88,
      12,
      0x03,
      0xf0,
      ...Buffer.from('Signed out'),
    ]);
  });
});
