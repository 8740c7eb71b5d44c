import type { Browser, BrowserContext, CDPSession, Page, Request } from 'playwright-core';
import type { TrackerCatalog } from '../pipeline/trackers/tracker-catalog.js';
import {
  classifyCookies,
  classifyRequests,
  contactedTrackers,
  type RawRequest,
} from './attribute-trackers.js';
import type { BrowserObservation, ObservedResourceType } from './browser-observation.js';
import type { EgressProxy } from './egress-proxy.js';
import { BrowserTierError, BrowserTierErrorCode } from './browser-tier.error.js';
import { auditAccessibility } from './accessibility-audit.js';
import { ConsentPlatformWatcher } from './consent-platform.js';
import { observeDesign } from './observe-design.js';
import { innerLinks } from './inner-links.js';
import { findKeyLogging, typeCanaries, type Outgoing } from './key-logging.js';
import {
  findSessionRecorders,
  parseRecorderEvent,
  RECORDER_BINDING,
  RECORDER_WATCHED,
  sessionRecordingProbe,
  type RecorderProbeEvent,
} from './session-recording.js';
import {
  FONT_PROBE_THRESHOLD,
  fingerprintProbe,
  parseProbeEvent,
  PROBE_BINDING,
  summariseFingerprinting,
  type ProbeEvent,
} from './fingerprint-probe.js';

export interface RecordPageOptions {
  /** Hard budget of the whole visit (context to close). */
  readonly budgetMs: number;
  /** The network counts as settled after this long without a request in flight. */
  readonly quietMs?: number;
  /** Longest wait for that quiet after load (long-polling pages never go quiet). */
  readonly settleCapMs?: number;
  /** Tests only: accept the fixture web's self-signed certificates. */
  readonly ignoreHttpsErrors?: boolean;
  /** Run axe-core on the rendered page (on by default). */
  readonly accessibility?: boolean;
  /** Type into the page's fields to detect key logging (on by default). */
  readonly typing?: boolean;
  /** Consent banner, timers, pre-checked options, de-emphasised declines (on by default). */
  readonly design?: boolean;
}

/** Longest time spent typing into fields. */
const TYPING_LIMIT_MS = 3_000;

/** Longest axe-core run; it shares the page budget. */
const AXE_LIMIT_MS = 5_000;

const VIEWPORT = { width: 1024, height: 640 };
/** Longest design stage (timers sampled over about 2 s, a reload, two banner clicks). */
const DESIGN_LIMIT_MS = 6_000;
/** Longest wait for autoconsent's detection once the page settled. */
const CONSENT_DETECTION_LIMIT_MS = 2_500;

/** Time kept back from the budget for the screenshot and the cookie jar. */
const COLLECT_RESERVE_MS = 1_500;

/**
 * Visits one page in a fresh context (its own cookie jar and storage, nothing shared with the
 * previous analysis) and records what a visitor's browser would do there. No downloads, no
 * permissions, no service workers, popups closed at once, dialogs dismissed.
 */
export async function recordPage(
  browser: Browser,
  proxy: EgressProxy,
  catalog: TrackerCatalog,
  url: string,
  options: RecordPageOptions,
): Promise<BrowserObservation> {
  const started = Date.now();
  const deadline = started + options.budgetMs;
  const remaining = (reserve = 0): number => Math.max(1, deadline - reserve - Date.now());
  proxy.reset();
  const context = await browser.newContext({
    acceptDownloads: false,
    serviceWorkers: 'block',
    permissions: [],
    viewport: VIEWPORT,
    ignoreHTTPSErrors: options.ignoreHttpsErrors ?? false,
  });
  // The budget is hard: whatever hangs, closing the context ends every pending step.
  const watchdog = setTimeout(
    () => void context.close().catch(() => undefined),
    options.budgetMs + 2_000,
  );
  try {
    // Before any page script: the probe's reporting channel, then the probe in every frame.
    const probeEvents: (ProbeEvent & { frameUrl: string })[] = [];
    await context.exposeBinding(PROBE_BINDING, ({ frame }, value: unknown) => {
      const event = parseProbeEvent(value);
      if (event && probeEvents.length < 1_000)
        probeEvents.push({ ...event, frameUrl: frame.url() });
    });
    await context.addInitScript(fingerprintProbe, {
      binding: PROBE_BINDING,
      fontThreshold: FONT_PROBE_THRESHOLD,
    });
    const recorderEvents: (RecorderProbeEvent & { frameUrl: string })[] = [];
    await context.exposeBinding(RECORDER_BINDING, ({ frame }, value: unknown) => {
      const event = parseRecorderEvent(value);
      if (event && recorderEvents.length < 1_000)
        recorderEvents.push({ ...event, frameUrl: frame.url() });
    });
    await context.addInitScript(sessionRecordingProbe, {
      binding: RECORDER_BINDING,
      watched: RECORDER_WATCHED,
    });
    // Autoconsent's channel in every frame (detection only: it never answers a banner).
    const consentPlatform =
      options.design === false ? null : await ConsentPlatformWatcher.attach(context);
    const page = await context.newPage();
    const recorder = new RequestRecorder(context, page);
    await recorder.attachInitiators(context, page);
    let status: number | null = null;
    let timedOut = false;
    let networkSettled = false;
    try {
      const response = await page.goto(url, {
        waitUntil: 'load',
        timeout: remaining(COLLECT_RESERVE_MS),
      });
      // A plain-HTTP page the proxy refused comes back as the proxy's 403, not as the site's answer.
      if (response && proxy.record().refused.some((r) => r.target === response.url())) {
        throw navigationFailed(response.url(), new Error('refused'), proxy);
      }
      status = response?.status() ?? null;
      // Tags fire after load: wait for the network to go quiet, but never past the settle cap.
      networkSettled = await recorder.settled(
        options.quietMs ?? 500,
        Math.min(options.settleCapMs ?? 4_000, remaining(COLLECT_RESERVE_MS)),
      );
      // Autoconsent parses its rules in the page: only once the visit's own traffic has settled.
      consentPlatform?.start(page);
    } catch (error) {
      if (error instanceof BrowserTierError) throw error;
      if ((error as Error).name === 'TimeoutError') timedOut = true;
      else if (page.isClosed() || page.url() === 'about:blank')
        throw navigationFailed(url, error, proxy);
    }
    const screenshotPng = await page
      .screenshot({ type: 'png', timeout: remaining(), animations: 'disabled' })
      .catch(() => null);
    const accessibility =
      options.accessibility === false
        ? null
        : await auditAccessibility(page, Math.min(AXE_LIMIT_MS, remaining(500)));
    // Key logging: type into the fields, never submit, and see whether the text leaves the page.
    const sentBefore = recorder.outgoing.length;
    const canaries =
      options.typing === false
        ? []
        : await typeCanaries(page, Math.min(TYPING_LIMIT_MS, remaining(1_000)));
    if (canaries.length > 0)
      await recorder.settled(options.quietMs ?? 500, Math.min(2_000, remaining(800)));
    const keyLogging = findKeyLogging(
      recorder.outgoing.slice(sentBefore),
      canaries,
      page.url() === 'about:blank' ? url : page.url(),
    );
    const hrefs = await page
      .evaluate(() => {
        const doc = (globalThis as unknown as { document: { links: ArrayLike<{ href: string }> } })
          .document;
        return Array.from(doc.links, (link) => link.href).slice(0, 500);
      })
      .catch(() => [] as string[]);
    const jar = await context.cookies();
    const finalUrl = page.url() === 'about:blank' ? url : page.url();
    const requests = classifyRequests(recorder.requests, finalUrl, catalog);
    const loaded = new Set([...requests.map((r) => r.url), ...page.frames().map((f) => f.url())]);
    const egress = proxy.record();
    const trackers = contactedTrackers(requests);
    const fingerprinting = summariseFingerprinting(
      // The page can call the binding too: only scripts it really loaded (or its frames' inline
      // code) may be named. A stack with no page script is our own tooling (axe-core's contrast check).
      probeEvents.filter((e) => e.script !== null && loaded.has(e.script)),
    );
    const sessionRecording = findSessionRecorders(
      recorderEvents.filter((e) => loaded.has(e.script)),
    );
    const refused = [...egress.refused];
    // Last, once the visit's requests and jar are taken: it clicks banner settings and reloads.
    let design = null;
    if (consentPlatform && !timedOut && page.url() !== 'about:blank') {
      await consentPlatform.settled(Math.min(CONSENT_DETECTION_LIMIT_MS, remaining(1_000)));
      const budget = Math.min(DESIGN_LIMIT_MS, remaining(500));
      design =
        budget < 1_000
          ? null
          : await observeDesign(page, {
              consentPlatform: consentPlatform.report(),
              trackerOrganizations: trackers.map((tracker) => tracker.organization),
              budgetMs: budget,
            }).catch(() => null);
    }
    return {
      requestedUrl: url,
      finalUrl,
      status,
      requests,
      trackers,
      fingerprinting,
      accessibility,
      innerLinks: innerLinks(hrefs, finalUrl),
      keyLogging,
      sessionRecording,
      design,
      cookies: classifyCookies(jar, finalUrl, Math.floor(Date.now() / 1000), catalog),
      refused,
      screenshotPng,
      timedOut,
      networkSettled,
      transferCapped: egress.capped,
      transferredBytes: egress.transferredBytes,
      durationMs: Date.now() - started,
      trackerDbVersion: catalog.version,
    };
  } finally {
    clearTimeout(watchdog);
    await context.close().catch(() => undefined);
    proxy.dropConnections();
  }
}

/** Every request of every frame, its failure, and its initiator when Chromium reports one. */
class RequestRecorder {
  private readonly entries: (RawRequest & { failure: string | null })[] = [];
  private readonly index = new Map<Request, number>();
  private readonly initiators = new Map<string, string>();
  private inFlight = 0;
  private lastActivity = Date.now();
  private readonly waiters = new Set<() => void>();
  /** Request bodies and WebSocket frames, in order, for the key-logging check. */
  readonly outgoing: Outgoing[] = [];

  constructor(context: BrowserContext, page: Page) {
    context.on('page', (other) => {
      if (other !== page) void other.close().catch(() => undefined);
    });
    page.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    context.on('request', (request) => {
      this.index.set(request, this.entries.length);
      this.outgoing.push({ url: request.url(), body: bodyOf(request.postDataBuffer()) });
      const frame = request.frame();
      this.entries.push({
        url: request.url(),
        method: request.method(),
        type: request.resourceType() as ObservedResourceType,
        frameUrl: frameUrl(request),
        initiator: null,
        failure: null,
        mainFrame: frame === page.mainFrame() && request.isNavigationRequest(),
      });
      this.activity(+1);
    });
    context.on('requestfinished', () => this.activity(-1));
    context.on('requestfailed', (request) => {
      const at = this.index.get(request);
      const entry = at === undefined ? undefined : this.entries[at];
      if (entry) entry.failure = request.failure()?.errorText ?? 'failed';
      this.activity(-1);
    });
    page.on('websocket', (socket) => {
      this.entries.push({
        url: socket.url(),
        method: 'GET',
        type: 'websocket',
        frameUrl: page.url(),
        initiator: null,
        failure: null,
        mainFrame: false,
      });
      socket.on('framesent', ({ payload }) => {
        this.outgoing.push({ url: socket.url(), body: bodyOf(payload) });
      });
      socket.on('socketerror', (error) => {
        const entry = this.entries.find((e) => e.url === socket.url() && e.type === 'websocket');
        if (entry) entry.failure = error;
      });
    });
  }

  /** Chromium's initiator (the calling script, or the referencing document) by request URL. */
  async attachInitiators(context: BrowserContext, page: Page): Promise<void> {
    let session: CDPSession;
    try {
      session = await context.newCDPSession(page);
      await session.send('Network.enable');
    } catch {
      return; // initiators are a bonus: the requests are recorded anyway
    }
    session.on('Network.requestWillBeSent', (event) => {
      const initiator = initiatorUrl(event.initiator);
      if (initiator && !this.initiators.has(event.request.url))
        this.initiators.set(event.request.url, initiator);
    });
  }

  get requests(): RawRequest[] {
    return this.entries.map((entry) => ({
      ...entry,
      initiator: this.initiators.get(entry.url) ?? null,
    }));
  }

  /** Resolves true once nothing has been in flight for `quietMs`, false when `capMs` ran out first. */
  settled(quietMs: number, capMs: number): Promise<boolean> {
    return new Promise((resolve) => {
      let quietTimer: NodeJS.Timeout | undefined;
      const finish = (value: boolean): void => {
        clearTimeout(quietTimer);
        clearTimeout(capTimer);
        this.waiters.delete(check);
        resolve(value);
      };
      const check = (): void => {
        clearTimeout(quietTimer);
        if (this.inFlight <= 0) {
          const wait = Math.max(0, quietMs - (Date.now() - this.lastActivity));
          quietTimer = setTimeout(() => finish(true), wait);
        }
      };
      const capTimer = setTimeout(() => finish(false), capMs);
      this.waiters.add(check);
      check();
    });
  }

  private activity(delta: number): void {
    this.inFlight = Math.max(0, this.inFlight + delta);
    this.lastActivity = Date.now();
    for (const waiter of this.waiters) waiter();
  }
}

/** The frame that asked: for an iframe's own document that is its parent (the iframe is still blank). */
function frameUrl(request: Request): string | null {
  try {
    const frame = request.frame();
    const asking = request.isNavigationRequest() ? (frame.parentFrame() ?? frame) : frame;
    return asking.url() || null;
  } catch {
    return null; // service-worker requests have no frame (and service workers are blocked)
  }
}

interface CdpInitiator {
  readonly type: string;
  readonly url?: string;
  readonly stack?: CdpStack;
}
interface CdpStack {
  readonly callFrames: readonly { readonly url: string }[];
  readonly parent?: CdpStack;
}

/** The script at the top of the (async) stack, else the document that referenced the resource. */
function initiatorUrl(initiator: CdpInitiator): string | null {
  for (let stack = initiator.stack; stack; stack = stack.parent) {
    const frame = stack.callFrames.find((call) => call.url !== '');
    if (frame) return frame.url;
  }
  return initiator.url ?? null;
}

/** The page never loaded; the proxy's refusal, when there was one, is the reason worth telling. */
function navigationFailed(url: string, error: unknown, proxy: EgressProxy): BrowserTierError {
  const { hostname } = new URL(url);
  const refusal = proxy
    .record()
    .refused.find((r) => r.target === url || r.target.startsWith(`${hostname}:`));
  const reason =
    refusal?.reason ?? (error instanceof Error ? error.message.split('\n')[0] : String(error));
  return new BrowserTierError(
    BrowserTierErrorCode.NavigationFailed,
    `The browser could not load ${url}: ${reason}`,
    {
      cause: error,
    },
  );
}

/** A request body or frame as searchable text, capped (a canary sits near the start of a beacon). */
function bodyOf(data: Buffer | string | null): string {
  if (data === null) return '';
  const text = typeof data === 'string' ? data : data.toString('latin1');
  return text.length > 65_536 ? text.slice(0, 65_536) : text;
}
