// Functions that run inside the rendered page (page.evaluate): each is self-contained (Playwright
// sends its source, not its closure) and only reads the DOM. The decisions are made in Node by
// the pure modules beside this one.
import type { ControlStyle } from './control-prominence.js';
import type { CheckedControl } from './pre-checked-options.js';

/** What counts as a control of a banner (autoconsent's heuristic uses the same kinds). */
export const CONTROL_SELECTOR =
  'button, input[type="button"], input[type="submit"], a, [role="button"], [class*="button"], [class*="btn"]';

export interface ControlSnapshot {
  readonly text: string;
  /** Index in document.querySelectorAll(CONTROL_SELECTOR), to click it with a real click. */
  readonly index: number;
  /** A link that would leave the page (never clicked). */
  readonly navigates: boolean;
  readonly style: ControlStyle;
}

export interface DialogSnapshot {
  readonly text: string;
  readonly controls: readonly ControlSnapshot[];
}

interface El {
  readonly tagName: string;
  readonly parentElement: El | null;
  readonly children: ArrayLike<El>;
  readonly innerText?: string;
  readonly textContent: string | null;
  readonly value?: string;
  readonly type?: string;
  readonly checked?: boolean;
  readonly labels?: ArrayLike<El> | null;
  getAttribute(name: string): string | null;
  getBoundingClientRect(): { width: number; height: number };
  contains(other: El): boolean;
  closest(selector: string): El | null;
  querySelectorAll(selector: string): ArrayLike<El>;
}
interface Style {
  readonly position: string;
  readonly display: string;
  readonly visibility: string;
  readonly opacity: string;
  readonly color: string;
  readonly backgroundColor: string;
  readonly fontSize: string;
  readonly borderTopWidth: string;
  readonly borderTopStyle: string;
  readonly borderTopColor: string;
}
interface Win {
  readonly document: { readonly documentElement: El; querySelectorAll(s: string): ArrayLike<El> };
  getComputedStyle(element: El): Style;
}

/**
 * Visible pop-up-like elements (fixed, sticky, or dialog) with their controls and their styles;
 * with `wholeDocument`, the document's body as the one pop-up (a frame drawn as a banner).
 */
export function inspectDialogs({
  selector,
  wholeDocument,
}: {
  readonly selector: string;
  readonly wholeDocument: boolean;
}): DialogSnapshot[] {
  const win = globalThis as unknown as Win;
  const visible = (el: El): boolean => {
    const box = el.getBoundingClientRect();
    const style = win.getComputedStyle(el);
    return (
      box.width > 0 &&
      box.height > 0 &&
      style.visibility !== 'hidden' &&
      style.display !== 'none' &&
      Number(style.opacity) > 0.1
    );
  };
  const rgba = (value: string): [number, number, number, number] => {
    const parts = (value.match(/[\d.]+/g) ?? []).map(Number);
    return [parts[0] ?? 0, parts[1] ?? 0, parts[2] ?? 0, parts[3] ?? 1];
  };
  const luminance = ([r, g, b]: number[]): number => {
    const channel = (c: number): number => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * channel(r ?? 0) + 0.7152 * channel(g ?? 0) + 0.0722 * channel(b ?? 0);
  };
  const background = (el: El | null): number[] => {
    for (let at = el; at; at = at.parentElement) {
      const color = rgba(win.getComputedStyle(at).backgroundColor);
      if (color[3] > 0.5) return color;
    }
    return [255, 255, 255, 1];
  };
  const styleOf = (el: El): ControlStyle => {
    const style = win.getComputedStyle(el);
    const box = el.getBoundingClientRect();
    const own = rgba(style.backgroundColor);
    const behind = background(el.parentElement);
    const ownBorder =
      parseFloat(style.borderTopWidth) >= 1 &&
      style.borderTopStyle !== 'none' &&
      rgba(style.borderTopColor)[3] > 0.5;
    const filledBackground =
      own[3] > 0.5 && own.slice(0, 3).some((c, i) => Math.abs(c - (behind[i] ?? 0)) > 24);
    const text = luminance(rgba(style.color));
    const back = luminance(own[3] > 0.5 ? own : behind);
    const contrast = (Math.max(text, back) + 0.05) / (Math.min(text, back) + 0.05);
    return {
      fontSizePx: parseFloat(style.fontSize) || 0,
      contrast: Math.round(contrast * 100) / 100,
      areaPx: Math.round(box.width * box.height),
      filled: filledBackground || ownBorder,
    };
  };
  const dialogLike = (el: El): boolean => {
    if (el.tagName === 'DIALOG' && el.getAttribute('open') !== null) return true;
    if (el.getAttribute('role') === 'dialog' || el.getAttribute('role') === 'alertdialog')
      return true;
    if (el.getAttribute('aria-modal') === 'true') return true;
    const position = win.getComputedStyle(el).position;
    return position === 'fixed' || position === 'sticky';
  };
  const popups: El[] = [];
  const body = win.document.querySelectorAll('body')[0];
  if (wholeDocument) {
    if (body && visible(body) && (body.innerText ?? '').trim() !== '') popups.push(body);
  } else {
    for (const el of Array.from(win.document.querySelectorAll('body *')).slice(0, 20_000)) {
      if (popups.some((outer) => outer.contains(el))) continue;
      if (dialogLike(el) && visible(el) && (el.innerText ?? '').trim() !== '') popups.push(el);
    }
  }
  const controls = Array.from(win.document.querySelectorAll(selector));
  return popups.slice(0, 5).map((popup) => {
    const inside = controls
      .map((el, index) => ({ el, index }))
      .filter(({ el }) => popup.contains(el) && visible(el))
      // The innermost control only ("a > span.button" counts once).
      .filter(({ el }, _i, list) => !list.some((other) => other.el !== el && el.contains(other.el)))
      .slice(0, 20);
    return {
      text: (popup.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 1_000),
      controls: inside.map(({ el, index }) => {
        const href = el.tagName === 'A' ? (el.getAttribute('href') ?? '') : '';
        return {
          text: ((el.innerText ?? el.textContent ?? '').trim() || (el.value ?? '').trim()).slice(
            0,
            120,
          ),
          index,
          navigates: href !== '' && !href.startsWith('#') && !href.startsWith('javascript:'),
          style: styleOf(el),
        };
      }),
    };
  });
}

/**
 * Whether a frame's element (run on it, in the parent document) is shown as a pop-up: visible,
 * and itself or an ancestor fixed, sticky or a dialog, as a consent platform's frame is drawn
 * over the page (an embedded video or map is not).
 */
export function isPopupFrameElement(frame: unknown): boolean {
  const win = globalThis as unknown as Win;
  const el = frame as El;
  const box = el.getBoundingClientRect();
  const own = win.getComputedStyle(el);
  if (box.width < 40 || box.height < 20 || own.visibility === 'hidden' || own.display === 'none')
    return false;
  for (let at: El | null = el; at && at.tagName !== 'BODY'; at = at.parentElement) {
    const role = at.getAttribute('role');
    if (role === 'dialog' || role === 'alertdialog' || at.getAttribute('aria-modal') === 'true')
      return true;
    if (at.tagName === 'DIALOG' && at.getAttribute('open') !== null) return true;
    const position = win.getComputedStyle(at).position;
    if (position === 'fixed' || position === 'sticky') return true;
  }
  return false;
}

/** A CSS path of nth-child steps, stable across a reload of the same page. */
export function timerCandidates(limit: number): { key: string; text: string }[] {
  const TIME =
    /(?<![\d:])\d{1,2}:\d{2}(?::\d{2})?(?![\d:])|\d{1,3}\s*(?:days?|d|hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)(?![a-z])/i;
  const pathOf = (el: El): string => {
    const steps: string[] = [];
    for (let at: El | null = el; at && at.tagName !== 'HTML'; at = at.parentElement) {
      const parent: El | null = at.parentElement;
      const index = parent ? Array.from(parent.children).indexOf(at) + 1 : 1;
      steps.unshift(`${at.tagName.toLowerCase()}:nth-child(${index})`);
    }
    return `html > ${steps.join(' > ')}`;
  };
  // One pass over the text nodes (linear in the page): a node with a digit, climbed to the
  // smallest element whose short text shows a whole time ("<b>09</b>:<b>58</b>" is read at the
  // parent), then read with innerText (what is rendered).
  const doc = (
    globalThis as unknown as {
      document: {
        body: unknown;
        createTreeWalker(
          root: unknown,
          what: number,
        ): { nextNode(): { data: string; parentElement: El | null } | null };
      };
    }
  ).document;
  const SHOW_TEXT = 4;
  const walker = doc.createTreeWalker(doc.body, SHOW_TEXT);
  const found: { key: string; text: string }[] = [];
  const seen: El[] = [];
  for (let node = walker.nextNode(); node && found.length < limit; node = walker.nextNode()) {
    if (!/\d/.test(node.data)) continue;
    let candidate: El | null = null;
    for (let at = node.parentElement, depth = 0; at && depth < 3; at = at.parentElement, depth++) {
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(at.tagName)) break;
      const text = (at.textContent ?? '').replace(/\s+/g, ' ').trim();
      if (text.length > 60) break;
      if (TIME.test(text)) {
        candidate = at;
        break;
      }
    }
    if (!candidate || seen.includes(candidate)) continue;
    seen.push(candidate);
    const text = (candidate.innerText ?? '').replace(/\s+/g, ' ').trim();
    if (!TIME.test(text) || candidate.getBoundingClientRect().width === 0) continue;
    found.push({ key: pathOf(candidate), text });
  }
  return found;
}

/** The current text of each timer element, null when it is gone. */
export function readTexts(keys: readonly string[]): (string | null)[] {
  const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null } })
    .document;
  return keys.map((key) => {
    const el = doc.querySelector(key);
    return el ? (el.innerText ?? '').replace(/\s+/g, ' ').trim() : null;
  });
}

/** Checkboxes and radios whose checked property is true, with the text a visitor reads beside them. */
export function checkedControls(limit: number): CheckedControl[] {
  const win = globalThis as unknown as Win;
  const result: CheckedControl[] = [];
  for (const input of Array.from(
    win.document.querySelectorAll('input[type="checkbox"], input[type="radio"]'),
  )) {
    if (result.length >= limit) break;
    if (!input.checked) continue;
    const label = input.labels?.[0] ?? input.closest('label');
    // Styled controls hide the input itself and show their label: either being visible counts.
    const shown = [input, label].some((el) => {
      if (!el) return false;
      const box = el.getBoundingClientRect();
      const style = win.getComputedStyle(el);
      return box.width > 0 && box.height > 0 && style.visibility !== 'hidden';
    });
    if (!shown) continue;
    const text =
      (label?.innerText ?? '').trim() ||
      input.getAttribute('aria-label') ||
      (input.parentElement?.innerText ?? '').trim();
    result.push({
      control: input.type === 'radio' ? 'radio' : 'checkbox',
      label: text.replace(/\s+/g, ' ').slice(0, 200),
    });
  }
  return result;
}
