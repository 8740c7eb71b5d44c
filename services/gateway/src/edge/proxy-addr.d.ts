// proxy-addr (jshttp, what Express itself uses for `trust proxy`) ships no types.
declare module 'proxy-addr' {
  import type { IncomingMessage } from 'node:http';

  type TrustFunction = (address: string, hop: number) => boolean;

  function proxyaddr(req: IncomingMessage, trust: TrustFunction | string | string[]): string;

  namespace proxyaddr {
    function all(req: IncomingMessage, trust?: TrustFunction | string | string[]): string[];
    /** Throws TypeError for an address or range it cannot read. */
    function compile(value: string | string[]): TrustFunction;
  }

  export = proxyaddr;
}
