// Browser-tier observations for unit specs: a plain page that does nothing, with overrides.
import type { BrowserObservation, SiteObservation } from '../../src/browser/index.js';

export function observation(
  url: string,
  overrides: Partial<BrowserObservation> = {},
): BrowserObservation {
  return {
    requestedUrl: url,
    finalUrl: url,
    status: 200,
    requests: [
      {
        url,
        method: 'GET',
        type: 'document',
        frameUrl: url,
        initiator: null,
        thirdParty: false,
        failure: null,
        tracker: null,
      },
    ],
    trackers: [],
    cookies: [],
    fingerprinting: [],
    accessibility: { axeVersion: '4.10.0', violations: [], passed: 30, incomplete: 2 },
    keyLogging: [],
    sessionRecording: [],
    innerLinks: [],
    refused: [],
    screenshotPng: null,
    timedOut: false,
    networkSettled: true,
    transferCapped: false,
    transferredBytes: 20_000,
    durationMs: 1_200,
    trackerDbVersion: 'test',
    ...overrides,
  };
}

export function siteObservation(
  homepage: BrowserObservation,
  innerPage: BrowserObservation | null = null,
): SiteObservation {
  return {
    homepage,
    innerPage,
    innerPageSkipped: innerPage ? null : 'the homepage links to no other page of the site',
  };
}
