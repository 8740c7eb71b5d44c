import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { partyOf } from '../pipeline/trackers/tracker-catalog.js';

/** What was typed into one field. */
export interface Canary {
  /** How the field is known (name, id, or type), for the report. */
  readonly field: string;
  readonly value: string;
}

/** Something that left the page: a request (URL and body) or a WebSocket frame. */
export interface Outgoing {
  readonly url: string;
  /** Request body or frame payload (latin1), capped. */
  readonly body: string;
}

export type LeakEncoding = 'plain' | 'url-encoded' | 'base64' | 'md5' | 'sha1' | 'sha256';

export interface KeyLoggingFinding {
  /** Where the typed text went. */
  readonly url: string;
  readonly host: string;
  /** The text went to another site than the page's. */
  readonly thirdParty: boolean;
  readonly field: string;
  readonly encoding: LeakEncoding;
}

/** Fields typed into per page (the first visible ones). */
const MAX_FIELDS = 5;
const FIELDS =
  'input:not([type]), input[type=text], input[type=email], input[type=search], input[type=tel], input[type=url], textarea';

/** The forms a typed value can take on the wire (Blacklight checks the same ones). */
export function canaryForms(value: string): { encoding: LeakEncoding; text: string }[] {
  const hash = (algorithm: string): string => createHash(algorithm).update(value).digest('hex');
  return [
    { encoding: 'plain', text: value },
    { encoding: 'url-encoded', text: encodeURIComponent(value) },
    { encoding: 'base64', text: Buffer.from(value).toString('base64').replace(/=+$/, '') },
    { encoding: 'md5', text: hash('md5') },
    { encoding: 'sha1', text: hash('sha1') },
    { encoding: 'sha256', text: hash('sha256') },
  ];
}

/** Which typed values left the page, in which form, and where to; one finding per (host, field). */
export function findKeyLogging(
  outgoing: readonly Outgoing[],
  canaries: readonly Canary[],
  pageUrl: string,
): KeyLoggingFinding[] {
  const findings = new Map<string, KeyLoggingFinding>();
  for (const sent of outgoing) {
    let host: string;
    try {
      host = new URL(sent.url).hostname;
    } catch {
      continue;
    }
    const haystack = `${safeDecode(sent.url)}\n${sent.url}\n${sent.body}`;
    for (const canary of canaries) {
      const form = canaryForms(canary.value).find((f) => haystack.includes(f.text));
      const key = `${host} ${canary.field}`;
      if (form && !findings.has(key)) {
        const thirdParty = partyOf(sent.url, pageUrl)?.thirdParty ?? true;
        findings.set(key, {
          url: sent.url,
          host,
          thirdParty,
          field: canary.field,
          encoding: form.encoding,
        });
      }
    }
  }
  return [...findings.values()];
}

/**
 * Types a unique value into the first visible text fields of the page, as a visitor filling a
 * form would, and never submits (no Enter, no click). Returns what was typed where.
 */
export async function typeCanaries(page: Page, timeoutMs: number): Promise<Canary[]> {
  const token = randomBytes(5).toString('hex');
  const canaries: Canary[] = [];
  const deadline = Date.now() + timeoutMs;
  const fields = await page.locator(FIELDS).all();
  for (const [index, field] of fields.entries()) {
    if (canaries.length >= MAX_FIELDS || Date.now() >= deadline) break;
    try {
      if (!(await field.isVisible()) || !(await field.isEditable())) continue;
      const type = (await field.getAttribute('type')) ?? 'text';
      const name =
        (await field.getAttribute('name')) ??
        (await field.getAttribute('id')) ??
        `${type} field ${index + 1}`;
      const value =
        type === 'email' ? `frenly.${token}${index}@example.com` : `frenly${token}${index}`;
      // Key by key, so that keydown/keyup/input listeners see what a person's typing produces.
      await field.pressSequentially(value, { timeout: Math.max(1, deadline - Date.now()) });
      canaries.push({ field: name, value });
    } catch {
      // a field that vanished or refused input is skipped
    }
  }
  return canaries;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
