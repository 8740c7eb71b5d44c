// Reads the parts of analysisData the analysis screen shows beyond the scores: the browser
// tier's state and each finding with how it was seen. analysisData is loosely typed (older
// analyses lack the browser fields), so every read checks what it finds.
import type {
  AnalysisData,
  BrowserCheckStatus,
  FindingSeenBy,
  NotCheckedEntry,
} from '@frenly/contracts';

export interface ShownFinding {
  readonly key: string;
  readonly text: string;
  readonly seenBy: FindingSeenBy;
}

export const SEEN_BY_LABEL: Record<FindingSeenBy, string> = {
  browser: 'seen in a real browser',
  html: 'read from the HTML',
};

const record = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.map(record).filter((entry) => entry !== null) : [];
const seenByOf = (value: unknown): FindingSeenBy => (value === 'browser' ? 'browser' : 'html');

export function browserStatusOf(data: AnalysisData | null | undefined): BrowserCheckStatus | null {
  const status = record(data?.browser);
  const state = status?.['state'];
  if (state !== 'pending' && state !== 'done' && state !== 'unavailable' && state !== 'failed')
    return null;
  return {
    state,
    ...(typeof status?.['reason'] === 'string' ? { reason: status['reason'] } : {}),
    ...(Array.isArray(status?.['pages'])
      ? { pages: status['pages'].filter((page): page is string => typeof page === 'string') }
      : {}),
  };
}

export function notCheckedOf(data: AnalysisData | null | undefined): NotCheckedEntry[] {
  return list(data?.notChecked).flatMap((entry) =>
    typeof entry['what'] === 'string' && typeof entry['why'] === 'string'
      ? [{ what: entry['what'], why: entry['why'] }]
      : [],
  );
}

/** Trackers first, then the checks that fell short (score below 1), each with how it was seen. */
export function findingsOf(data: AnalysisData | null | undefined): ShownFinding[] {
  const evidence = record(data?.['evidence']);
  const trackers = list(record(evidence?.['privacy'])?.['trackers']).flatMap((tracker) =>
    typeof tracker['organization'] === 'string'
      ? [
          {
            key: `tracker:${tracker['organization']}`,
            text: `Tracker: ${tracker['organization']}${typeof tracker['category'] === 'string' ? ` (${tracker['category'].replace(/_/g, ' ')})` : ''}`,
            seenBy: seenByOf(tracker['seenBy']),
          },
        ]
      : [],
  );
  const checks = list(evidence?.['checks']).flatMap((check) =>
    typeof check['id'] === 'string' &&
    typeof check['detail'] === 'string' &&
    typeof check['score'] === 'number' &&
    check['score'] < 1
      ? [{ key: `check:${check['id']}`, text: check['detail'], seenBy: seenByOf(check['seenBy']) }]
      : [],
  );
  return [...trackers, ...checks];
}
