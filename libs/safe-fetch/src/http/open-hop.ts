import * as http from 'node:http';
import * as https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { rootCertificates, type TLSSocket } from 'node:tls';
import type { CheckedUrl } from '../check-url.js';
import type { Deadline } from '../deadline.js';
import { SafeFetchError, SafeFetchErrorCode } from '../safe-fetch-error.js';

export interface HopRequest {
  readonly target: CheckedUrl;
  /** The vetted addresses of the target; the connection may go to these and nowhere else. */
  readonly addresses: readonly string[];
  readonly method: 'GET' | 'HEAD';
  readonly headers: Readonly<Record<string, string>>;
  /** Extra trust roots (tests' own CA), added to Node's bundled ones. */
  readonly ca?: readonly (string | Buffer)[];
  readonly deadline: Deadline;
  /** Called when a socket is created for this hop. */
  readonly onConnectionAttempt: () => void;
}

export interface OpenHop {
  readonly response: http.IncomingMessage;
  readonly remoteAddress: string | null;
  readonly remotePort: number | null;
  readonly tls: boolean;
  /** The certificate chain and name were verified (a TLS hop only completes when they are). */
  readonly certificateValid: boolean;
  /** Stops listening to the deadline and drops the connection (call once the body is read or unwanted). */
  release(): void;
}

const TLS_FAILURE = /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO|ALTNAME|HOSTNAME/i;

/** Sends one request to a vetted target and resolves with its response headers. */
export function openHop(request: HopRequest): Promise<OpenHop> {
  const { target, addresses, deadline } = request;
  return new Promise<OpenHop>((resolve, reject) => {
    let secured = false;
    let response: http.IncomingMessage | undefined;
    const onAbort = (): void => {
      const reason = deadline.reason ?? undefined;
      response?.destroy(reason);
      outgoing.destroy(reason);
    };
    const release = (): void => {
      deadline.signal.removeEventListener('abort', onAbort);
      response?.destroy();
      outgoing.destroy();
    };

    const outgoing = (target.tls ? https : http).request({
      protocol: target.url.protocol,
      host: target.hostname,
      port: target.port,
      path: `${target.url.pathname}${target.url.search}`,
      method: request.method,
      headers: { ...request.headers, host: target.url.host },
      // A fresh connection per hop: a pooled socket would skip the lookup below.
      agent: false,
      lookup: pinnedLookup(target.hostname, addresses),
      ...(target.tls ? tlsOptions(target, request.ca) : {}),
    });
    if (deadline.signal.aborted) onAbort();
    else deadline.signal.addEventListener('abort', onAbort, { once: true });

    outgoing.on('socket', (socket) => {
      request.onConnectionAttempt();
      socket.once('secureConnect', () => (secured = true));
    });
    outgoing.on('error', (error) => {
      release();
      reject(describeFailure(error, request, secured));
    });
    outgoing.on('response', (incoming) => {
      response = incoming;
      const socket = incoming.socket as TLSSocket | null;
      resolve({
        response: incoming,
        remoteAddress: socket?.remoteAddress ?? null,
        remotePort: socket?.remotePort ?? null,
        tls: target.tls,
        certificateValid: target.tls && socket?.authorized === true,
        release,
      });
    });
    outgoing.end();
  });
}

function tlsOptions(
  target: CheckedUrl,
  ca: readonly (string | Buffer)[] | undefined,
): https.RequestOptions {
  return {
    rejectUnauthorized: true,
    // SNI and certificate checks use the URL's name, not the pinned address (SNI is not sent for IPs).
    ...(isIP(target.hostname) ? {} : { servername: target.hostname }),
    ...(ca && ca.length > 0 ? { ca: [...rootCertificates, ...ca] } : {}),
  };
}

/**
 * A lookup that answers only with the addresses the fetcher already vetted, so the socket
 * cannot connect anywhere else even if the name now resolves differently.
 */
function pinnedLookup(expectedHostname: string, addresses: readonly string[]): LookupFunction {
  const answers = addresses.map((address) => ({ address, family: isIP(address) }));
  return (hostname, options, callback) => {
    const wantedFamily =
      options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    const usable = answers.filter((a) => !wantedFamily || a.family === wantedFamily);
    const first = usable[0];
    process.nextTick(() => {
      if (hostname !== expectedHostname || !first) {
        const error: NodeJS.ErrnoException = new Error(`No vetted address for ${hostname}`);
        error.code = 'ENOTFOUND';
        callback(error, '', 0);
      } else if (options.all) {
        callback(null, usable);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
}

function describeFailure(error: Error, request: HopRequest, secured: boolean): SafeFetchError {
  const reason = request.deadline.reason;
  if (reason) return reason;
  if (error instanceof SafeFetchError) return error;
  const { target, addresses } = request;
  const code = (error as NodeJS.ErrnoException).code ?? '';
  const where = `${target.hostname}:${target.port}${target.ip ? '' : ` (${addresses.join(', ')})`}`;
  if (target.tls && !secured && TLS_FAILURE.test(`${code} ${error.message}`)) {
    return new SafeFetchError(
      SafeFetchErrorCode.TlsError,
      `TLS handshake with ${where} failed: ${error.message}${code ? ` (${code})` : ''}`,
      { url: target.url.href, cause: error },
    );
  }
  return new SafeFetchError(
    SafeFetchErrorCode.ConnectionFailed,
    `Could not fetch from ${where}: ${error.message}${code && !error.message.includes(code) ? ` (${code})` : ''}`,
    { url: target.url.href, cause: error },
  );
}
