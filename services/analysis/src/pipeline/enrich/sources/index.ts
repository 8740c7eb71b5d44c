// Every concern of the browser tier that becomes findings, one function each. To add one (a
// consent banner, a countdown that resets, a pre-checked add-on…), write a FindingSource next to
// these and list it here; enrichReport merges and scores whatever the sources return.
import { designSource } from '../../../browser/design-findings.js';
import type { FindingSource } from '../finding-source.js';
import { accessibilitySource } from './accessibility.js';
import { cookieSource } from './cookies.js';
import { fingerprintingSource } from './fingerprinting.js';
import { keyLoggingSource } from './key-logging.js';
import { sessionRecordingSource } from './session-recording.js';
import { trackerSource } from './trackers.js';

export const FINDING_SOURCES: readonly FindingSource[] = [
  trackerSource,
  cookieSource,
  fingerprintingSource,
  keyLoggingSource,
  sessionRecordingSource,
  accessibilitySource,
  designSource,
];
