// Local ESLint plugin: the workspace's own lint rules (used as "frenly/<rule>").
import moduleBoundaries from './module-boundaries.js';

export default {
  meta: { name: 'eslint-plugin-frenly' },
  rules: { 'module-boundaries': moduleBoundaries },
};
