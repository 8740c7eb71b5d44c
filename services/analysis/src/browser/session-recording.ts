/**
 * Session-recording detection by behaviour: recorders (rrweb, Hotjar, FullStory, Clarity…) must
 * see every change of the page and every move of the visitor, so they watch the WHOLE document for
 * mutations and listen document-wide for pointer movement and for keys or input. An init script
 * notes who installs such observers and listeners (the calling script, from the stack); a script
 * that does all three is reported. Frameworks that listen to one kind of event, or observe one
 * widget, are not.
 */

export const RECORDER_BINDING = '__frenlyRecorderProbe';

/** Document-wide listener types that matter, grouped by what they capture. */
export const POINTER_EVENTS = ['mousemove', 'pointermove', 'touchmove'] as const;
export const KEY_EVENTS = ['keydown', 'keyup', 'keypress', 'input', 'change'] as const;
const WATCHED = [
  ...POINTER_EVENTS,
  ...KEY_EVENTS,
  'scroll',
  'click',
  'mousedown',
  'mouseup',
] as const;

export interface RecorderProbeEvent {
  /** A document-wide listener type, or 'mutations' for a subtree MutationObserver on the document. */
  readonly kind: string;
  readonly script: string;
}

export interface SessionRecordingFinding {
  readonly script: string;
  /** Document-wide listener types it installed, sorted. */
  readonly listeners: readonly string[];
  readonly frames: readonly string[];
}

/** The init script (self-contained: Playwright serialises it). */
export function sessionRecordingProbe(options: {
  binding: string;
  watched: readonly string[];
}): void {
  const w = globalThis as unknown as Record<string, unknown>;
  const send = w[options.binding] as ((event: unknown) => Promise<unknown>) | undefined;
  if (typeof send !== 'function') return;
  const doc = w.document as object | undefined;
  const sent = new Set<string>();
  const URL_IN_STACK = /(https?:\/\/[^\s()]+?):\d+:\d+/;
  const report = (kind: string): void => {
    const script = URL_IN_STACK.exec(new Error().stack ?? '')?.[1];
    if (!script) return;
    const key = `${kind} ${script}`;
    if (sent.has(key) || sent.size > 200) return;
    sent.add(key);
    void send({ kind, script }).catch(() => undefined);
  };
  const isDocumentWide = (target: unknown): boolean => {
    const d = doc as { documentElement?: unknown; body?: unknown } | undefined;
    return (
      target === w ||
      target === doc ||
      (d !== undefined && (target === d.documentElement || target === d.body))
    );
  };
  const eventTarget = w.EventTarget as { prototype: Record<string, unknown> } | undefined;
  const add = eventTarget?.prototype.addEventListener as ((...a: unknown[]) => unknown) | undefined;
  if (eventTarget && add) {
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      try {
        if (
          typeof args[0] === 'string' &&
          options.watched.includes(args[0]) &&
          isDocumentWide(this)
        )
          report(args[0]);
      } catch {
        // never break the page
      }
      return add.apply(this, args);
    };
    Object.defineProperty(wrapped, 'toString', {
      value: () => Function.prototype.toString.call(add),
    });
    eventTarget.prototype.addEventListener = wrapped;
  }
  const observer = w.MutationObserver as { prototype: Record<string, unknown> } | undefined;
  const observe = observer?.prototype.observe as ((...a: unknown[]) => unknown) | undefined;
  if (observer && observe) {
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      try {
        const init = args[1] as { subtree?: boolean } | undefined;
        if (init?.subtree && isDocumentWide(args[0])) report('mutations');
      } catch {
        // never break the page
      }
      return observe.apply(this, args);
    };
    Object.defineProperty(wrapped, 'toString', {
      value: () => Function.prototype.toString.call(observe),
    });
    observer.prototype.observe = wrapped;
  }
}

/** A report from the page is untrusted input: keep only well-formed ones. */
export function parseRecorderEvent(value: unknown): RecorderProbeEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { kind, script } = value as Record<string, unknown>;
  if (
    typeof kind !== 'string' ||
    (kind !== 'mutations' && !(WATCHED as readonly string[]).includes(kind))
  )
    return null;
  if (typeof script !== 'string' || script.length > 2048) return null;
  return { kind, script };
}

/** Scripts that watch the whole document for mutations AND pointer movement AND keys or input. */
export function findSessionRecorders(
  events: readonly (RecorderProbeEvent & { readonly frameUrl: string })[],
): SessionRecordingFinding[] {
  const byScript = new Map<string, { kinds: Set<string>; frames: Set<string> }>();
  for (const event of events) {
    const entry = byScript.get(event.script) ?? {
      kinds: new Set<string>(),
      frames: new Set<string>(),
    };
    entry.kinds.add(event.kind);
    entry.frames.add(event.frameUrl);
    byScript.set(event.script, entry);
  }
  const findings: SessionRecordingFinding[] = [];
  for (const [script, { kinds, frames }] of byScript) {
    const records =
      kinds.has('mutations') &&
      POINTER_EVENTS.some((k) => kinds.has(k)) &&
      KEY_EVENTS.some((k) => kinds.has(k));
    if (records) {
      findings.push({
        script,
        listeners: [...kinds].filter((k) => k !== 'mutations').sort(),
        frames: [...frames].sort(),
      });
    }
  }
  return findings;
}

export const RECORDER_WATCHED: readonly string[] = WATCHED;
