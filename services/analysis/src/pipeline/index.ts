// The analysis pipeline without the service around it (network excluded): for benchmarks and
// tools. `import { analyzePage, TrackerCatalog } from '@frenly/analysis/pipeline'`.
export { analyzePage } from './analyze-page.js';
export { TrackerCatalog } from './trackers/tracker-catalog.js';
export {
  CHECK_WEIGHTS,
  FRENLINESS_WEIGHTS,
  FRENLINESS_CAPS,
  SCORING_VERSION,
} from './scoring/weights.js';
export { PATTERN_TYPES } from './evidence/manipulation.js';
export type { AnalysisReport } from './report.js';
export type { PageSnapshot } from './snapshot.js';
