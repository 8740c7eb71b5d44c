import { classifyAddress } from './address/classify-address.js';
import { AllowList } from './allow-list.js';
import { checkAddress, checkUrl, type CheckedUrl } from './check-url.js';
import { systemResolver, type Resolver } from './resolver.js';

export interface CheckPublicUrlOptions {
  readonly resolver?: Resolver;
  readonly allowList?: AllowList;
  /** Longest wait for the resolver (default 2 s); past it the name counts as unresolved. */
  readonly timeoutMs?: number;
}

export interface PublicUrlVerdict {
  readonly checked: CheckedUrl;
  /** Every address the name resolved to (all public), or the literal IP; empty when unresolved. */
  readonly addresses: readonly string[];
  /** False when the name did not resolve (or not in time): nothing could be judged by address. */
  readonly resolved: boolean;
}

const DEFAULT_TIMEOUT_MS = 2_000;

/**
 * The fetcher's address policy for a URL that is stored now and connected to later (a push
 * endpoint, a webhook): checkUrl, then the name is resolved once and EVERY address must be public
 * (SafeFetchError BLOCKED_ADDRESS otherwise). A name that does not resolve is not an error here:
 * addresses change, so whoever connects later must check again (the SafeFetcher does, per hop).
 */
export async function checkPublicUrl(
  input: string | URL,
  options: CheckPublicUrlOptions = {},
): Promise<PublicUrlVerdict> {
  const allowList = options.allowList ?? new AllowList();
  const checked = checkUrl(input, { allowList });
  if (checked.ip)
    return { checked, addresses: [classifyAddress(checked.ip).address], resolved: true };
  const answers = await resolveWithin(
    options.resolver ?? systemResolver,
    checked.hostname,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  if (answers === undefined) return { checked, addresses: [], resolved: false };
  const addresses = answers.map(
    (answer) => checkAddress(checked, classifyAddress(answer), allowList).address,
  );
  return { checked, addresses: [...new Set(addresses)], resolved: true };
}

async function resolveWithin(
  resolver: Resolver,
  hostname: string,
  timeoutMs: number,
): Promise<readonly string[] | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), timeoutMs);
    timer.unref();
  });
  try {
    const answers = await Promise.race([resolver(hostname).catch(() => undefined), timeout]);
    return answers && answers.length > 0 ? answers : undefined;
  } finally {
    clearTimeout(timer);
  }
}
