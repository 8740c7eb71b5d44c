/**
 * Fingerprinting instrumentation: an init script that runs in every frame before any page script
 * and wraps the APIs fingerprinters read (canvas, WebGL, audio, font metrics), reporting each
 * suspicious use with the URL of the script that made the call. The criteria follow the
 * measurement literature Blacklight uses (Englehardt & Narayanan 2016; Iqbal et al. 2021): reading
 * back a canvas of at least 16×16 pixels that had text drawn on it; asking WebGL for the unmasked
 * GPU vendor or renderer; rendering audio offline; measuring text in many fonts.
 */

/** Name of the binding the probe reports through (exposed before any page script runs). */
export const PROBE_BINDING = '__frenlyProbe';

export type FingerprintTechnique = 'canvas' | 'webgl' | 'audio' | 'fonts';

/** One report of the probe, as it crosses the binding. */
export interface ProbeEvent {
  readonly technique: FingerprintTechnique;
  /** The calling script (top of the stack, outside the probe), null when the stack names none. */
  readonly script: string | null;
}

export interface FingerprintingFinding {
  /** The script that fingerprinted; null when it could not be told (inline code is named by its page). */
  readonly script: string | null;
  readonly techniques: readonly FingerprintTechnique[];
  /** Frames it ran in. */
  readonly frames: readonly string[];
}

/** Distinct fonts one script must measure text in before it counts as font probing. */
export const FONT_PROBE_THRESHOLD = 20;

/**
 * The init script. Self-contained (Playwright serialises it): no imports, no closures over module
 * scope. It keeps references to the originals and to the binding before the page can touch them,
 * reports each (technique, script) once per frame, and changes no result a page sees.
 */
export function fingerprintProbe(options: { binding: string; fontThreshold: number }): void {
  // Runs in the page, where globalThis is window (this package compiles without the DOM types).
  const w = globalThis as unknown as Record<string, unknown>;
  interface Canvas {
    width?: number;
    height?: number;
  }
  interface Context2d {
    canvas?: Canvas;
    font: string;
  }
  const send = w[options.binding] as ((event: unknown) => Promise<unknown>) | undefined;
  if (typeof send !== 'function') return;
  const sent = new Set<string>();
  const URL_IN_STACK = /(https?:\/\/[^\s()]+?):\d+:\d+/g;
  const caller = (): string | null => {
    const stack = new Error().stack ?? '';
    // The first frame with a URL is the page code that called the wrapped API (the probe has none).
    const match = URL_IN_STACK.exec(stack);
    URL_IN_STACK.lastIndex = 0;
    return match?.[1] ?? null;
  };
  const report = (technique: string, script: string | null = caller()): void => {
    const key = `${technique} ${script ?? ''}`;
    if (sent.has(key) || sent.size > 200) return;
    sent.add(key);
    void send({ technique, script }).catch(() => undefined);
  };
  const wrap = <T extends object>(
    proto: T | undefined,
    name: string,
    before: (self: unknown, args: unknown[]) => void,
  ): void => {
    if (!proto) return;
    const original = (proto as Record<string, unknown>)[name];
    if (typeof original !== 'function') return;
    const wrapped = function (this: unknown, ...args: unknown[]): unknown {
      try {
        before(this, args);
      } catch {
        // the probe must never break the page
      }
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
    Object.defineProperty(wrapped, 'name', { value: (original as { name: string }).name });
    Object.defineProperty(wrapped, 'toString', {
      value: () => Function.prototype.toString.call(original),
    });
    (proto as Record<string, unknown>)[name] = wrapped;
  };

  // Canvas: text drawn, then the pixels read back.
  const texted = new WeakSet<object>();
  const ctx2d = w.CanvasRenderingContext2D as { prototype: object } | undefined;
  const markText = (self: unknown): void => {
    const canvas = (self as { canvas?: object }).canvas;
    if (canvas) texted.add(canvas);
  };
  wrap(ctx2d?.prototype, 'fillText', markText);
  wrap(ctx2d?.prototype, 'strokeText', markText);
  const readBack = (canvas: Canvas | undefined): void => {
    if (canvas && texted.has(canvas) && (canvas.width ?? 0) >= 16 && (canvas.height ?? 0) >= 16)
      report('canvas');
  };
  const canvasClass = w.HTMLCanvasElement as { prototype: object } | undefined;
  wrap(canvasClass?.prototype, 'toDataURL', (self) => readBack(self as Canvas));
  wrap(canvasClass?.prototype, 'toBlob', (self) => readBack(self as Canvas));
  wrap(ctx2d?.prototype, 'getImageData', (self) => readBack((self as Context2d).canvas));

  // Fonts: text measured in many fonts by one script.
  const fontsByScript = new Map<string, Set<string>>();
  wrap(ctx2d?.prototype, 'measureText', (self) => {
    const script = caller();
    const fonts = fontsByScript.get(script ?? '') ?? new Set<string>();
    fonts.add((self as Context2d).font);
    fontsByScript.set(script ?? '', fonts);
    if (fonts.size >= options.fontThreshold) report('fonts', script);
  });

  // WebGL: the unmasked vendor and renderer (WEBGL_debug_renderer_info).
  for (const name of ['WebGLRenderingContext', 'WebGL2RenderingContext']) {
    const gl = w[name] as { prototype: object } | undefined;
    wrap(gl?.prototype, 'getParameter', (_self, args) => {
      if (args[0] === 0x9245 || args[0] === 0x9246) report('webgl');
    });
  }

  // Audio: an offline rendering (the audio fingerprint is read from its output).
  const offline = w.OfflineAudioContext as { prototype: object } | undefined;
  wrap(offline?.prototype, 'startRendering', () => report('audio'));
}

/** The probe's reports, one finding per script, techniques and frames merged. */
export function summariseFingerprinting(
  events: readonly (ProbeEvent & { readonly frameUrl: string })[],
): FingerprintingFinding[] {
  const byScript = new Map<
    string | null,
    { techniques: Set<FingerprintTechnique>; frames: Set<string> }
  >();
  for (const event of events) {
    const entry = byScript.get(event.script) ?? { techniques: new Set(), frames: new Set() };
    entry.techniques.add(event.technique);
    entry.frames.add(event.frameUrl);
    byScript.set(event.script, entry);
  }
  const order: FingerprintTechnique[] = ['canvas', 'webgl', 'audio', 'fonts'];
  return [...byScript.entries()].map(([script, entry]) => ({
    script,
    techniques: order.filter((t) => entry.techniques.has(t)),
    frames: [...entry.frames].sort(),
  }));
}

/** A report from the page is untrusted input: keep only well-formed ones. */
export function parseProbeEvent(value: unknown): ProbeEvent | null {
  if (typeof value !== 'object' || value === null) return null;
  const { technique, script } = value as Record<string, unknown>;
  if (
    technique !== 'canvas' &&
    technique !== 'webgl' &&
    technique !== 'audio' &&
    technique !== 'fonts'
  )
    return null;
  if (script !== null && (typeof script !== 'string' || script.length > 2048)) return null;
  return { technique, script };
}
