// The words a regular expression cannot match without. For each top-level alternative of a
// rule, the literal strings every match of it contains (in lower case); finding those with
// indexOf is far cheaper than running the rule itself, so the rule only runs on text that has
// them. Worked out from the rule's syntax tree, as code-search prefilters do.
import { RegExpParser, type AST } from '@eslint-community/regexpp';

/** Shorter than this, a literal would be found nearly everywhere: no use as a filter. */
const MIN_USEFUL_LENGTH = 3;

/** Any one of these strings. */
type AnyOf = readonly string[];
/** Every one of these parts must be met, each by containing any one of its strings. */
export type Clause = readonly AnyOf[];
/** Met by a text that meets any one of the clauses (one per top-level alternative). */
export type Requirement = readonly Clause[];

/**
 * What every match of `pattern` contains, or null when some alternative has no useful
 * requirement. Only for case-insensitive or lower-case rules without the `u`/`v` flag, where
 * an ASCII letter matches only itself in either case.
 */
export function requirementOf(pattern: RegExp): Requirement | null {
  if (/[uv]/.test(pattern.flags)) return null;
  const tree = new RegExpParser().parsePattern(pattern.source, 0, pattern.source.length, {
    unicode: false,
  });
  const clauses: Clause[] = [];
  for (const alternative of tree.alternatives) {
    const clause = partsOf(alternative).filter(useful);
    if (clause.length === 0) return null;
    clauses.push(clause);
  }
  const caseFree =
    pattern.flags.includes('i') ||
    clauses.flat(2).every((literal) => literal === literal.toLowerCase());
  return caseFree ? clauses : null;
}

function useful(literals: AnyOf): boolean {
  return literals.every((literal) => literal.length >= MIN_USEFUL_LENGTH);
}

/** Every run of plain characters a sequence always matches, and each mandatory part's requirement. */
function partsOf(alternative: AST.Alternative): AnyOf[] {
  const parts: AnyOf[] = [];
  let run = '';
  const endRun = () => {
    if (run !== '') parts.push([run]);
    run = '';
  };
  for (const element of alternative.elements) {
    const character = plainCharacter(element);
    if (character !== undefined) {
      run += character;
      continue;
    }
    // Zero-width assertions (\b, lookarounds) consume nothing: the run goes on across them.
    if (element.type === 'Assertion') continue;
    endRun();
    const required = ofElement(element);
    if (required) parts.push(required);
  }
  endRun();
  return parts;
}

/** Inside a group: one set of strings per alternative, their union; null when one has none. */
function ofGroup(node: AST.Group | AST.CapturingGroup): AnyOf | null {
  const union = new Set<string>();
  for (const alternative of node.alternatives) {
    const best = mostSelective(partsOf(alternative));
    if (!best) return null;
    for (const literal of best) union.add(literal);
  }
  return [...union];
}

function ofElement(element: AST.Element): AnyOf | null {
  if (element.type === 'Group' || element.type === 'CapturingGroup') return ofGroup(element);
  if (element.type === 'Quantifier') return element.min >= 1 ? ofElement(element.element) : null;
  // Character classes, sets and backreferences match no fixed string.
  return null;
}

/** The set whose shortest string is longest (fewer strings breaking ties). */
function mostSelective(parts: readonly AnyOf[]): AnyOf | null {
  let best: AnyOf | null = null;
  for (const part of parts) {
    if (!best || selectivity(part) > selectivity(best)) best = part;
  }
  return best;
}

function selectivity(literals: AnyOf): number {
  return Math.min(...literals.map((literal) => literal.length)) - literals.length / 1000;
}

/** A printable ASCII character, lower-cased; undefined for anything else. */
function plainCharacter(element: AST.Element): string | undefined {
  if (element.type !== 'Character') return undefined;
  const { value } = element;
  if (value < 0x20 || value > 0x7e) return undefined;
  return String.fromCharCode(value).toLowerCase();
}
