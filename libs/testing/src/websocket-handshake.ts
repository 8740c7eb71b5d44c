import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';

/** The HTTP answer to a websocket upgrade, as it came over the wire. */
export interface HandshakeAnswer {
  /** Every byte received, as text (status line, headers, body). */
  readonly raw: string;
  readonly status: number;
  /** Header names lower-cased. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/**
 * Sends one websocket upgrade (`GET` with `Upgrade: websocket`) over a plain TCP socket and
 * reads the answer raw, the way a websocket client library would hide it: a refusal whole,
 * until the server closes the connection; a `101 Switching Protocols` up to its headers, after
 * which the socket is destroyed.
 */
export function upgradeRaw(
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 10_000,
): Promise<HandshakeAnswer> {
  const target = new URL(url);
  const port = Number(target.port || (target.protocol === 'wss:' ? 443 : 80));
  return new Promise((resolve, reject) => {
    const socket = connect(port, target.hostname);
    const chunks: Buffer[] = [];
    let settled = false;
    const settle = (error?: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      if (error) return reject(error);
      const raw = Buffer.concat(chunks).toString('utf8');
      const answer = parseAnswer(raw);
      if (!answer)
        return reject(new Error(`no HTTP answer to the upgrade: ${JSON.stringify(raw)}`));
      resolve(answer);
    };
    const timer = setTimeout(
      () => settle(new Error(`upgrade of ${url} unanswered after ${timeoutMs} ms`)),
      timeoutMs,
    );
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // A refusal ends with the connection; a switch to websocket never does.
      if (parseAnswer(Buffer.concat(chunks).toString('utf8'))?.status === 101) settle();
    });
    socket.on('end', () => settle());
    socket.on('close', () => settle());
    socket.on('error', (error) => (chunks.length > 0 ? settle() : settle(error)));
    const lines = [
      `GET ${target.pathname}${target.search} HTTP/1.1`,
      `Host: ${target.host}`,
      'Connection: Upgrade',
      'Upgrade: websocket',
      'Sec-WebSocket-Version: 13',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

function parseAnswer(raw: string): HandshakeAnswer | undefined {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return undefined;
  const [statusLine = '', ...headerLines] = raw.slice(0, end).split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1];
  if (!status) return undefined;
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { raw, status: Number(status), headers, body: raw.slice(end + 4) };
}
