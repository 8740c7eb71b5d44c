// The web-search syntax people type: words, "quoted phrases", -exclusions, OR and site:.
// Parsing yields a small tree; the SQL side turns each piece into a tsquery through a parameter
// of plainto_tsquery / phraseto_tsquery (see tsquery.sql.ts), never through SQL built from the
// text.

import { MIN_CORRECTABLE_LENGTH, STOP_WORDS } from './spelling-edits.js';

export interface QueryAtom {
  readonly kind: 'term' | 'phrase';
  /** Lower-cased, NFKC-normalised, inner whitespace collapsed. */
  readonly text: string;
  readonly negated: boolean;
  /** Match words starting with `text` (set by typo/prefix expansion, never by the parser). */
  readonly prefix?: boolean;
}

/** Alternatives joined by OR; a clause with one alternative is a plain requirement. */
export interface QueryClause {
  readonly alternatives: readonly QueryAtom[];
}

/** Every clause must hold (AND). */
export interface WebQuery {
  readonly clauses: readonly QueryClause[];
  /** `site:example.org`: only the pages of this domain (lower case, no scheme, www. or port). */
  readonly site?: string;
}

/** More atoms than this are ignored, as web search engines do with very long queries. */
export const MAX_QUERY_ATOMS = 16;

type Token = { type: 'atom'; atom: QueryAtom } | { type: 'or' } | { type: 'site'; domain: string };

/** Parses what a person typed. Never throws: unusable pieces are dropped. */
export function parseWebQuery(input: string, maxAtoms = MAX_QUERY_ATOMS): WebQuery {
  const tokens = tokenize(normalizeText(input));
  const clauses: QueryAtom[][] = [];
  let joinNext = false;
  let atoms = 0;
  let site: string | undefined;
  for (const token of tokens) {
    if (token.type === 'site') {
      site = token.domain;
      continue;
    }
    if (token.type === 'or') {
      joinNext = clauses.length > 0;
      continue;
    }
    if (atoms >= maxAtoms) break;
    atoms += 1;
    const last = clauses[clauses.length - 1];
    if (joinNext && last) last.push(token.atom);
    else clauses.push([token.atom]);
    joinNext = false;
  }
  const query = {
    clauses: clauses.map(toClause).filter((clause) => clause.alternatives.length > 0),
  };
  return site === undefined ? query : { ...query, site };
}

const SITE_OPERATOR = /^site:(.*)$/i;

/** The domain of a site: operand ("https://www.Example.org/x" -> example.org); undefined if none. */
export function siteDomainOf(operand: string): string | undefined {
  const host = operand
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/[/?#].*$/, '')
    .replace(/:\d+$/, '')
    .replace(/^www\./, '')
    .replace(/\.$/, '');
  return /^[\p{L}\p{N}_-]+(\.[\p{L}\p{N}_-]+)*$/u.test(host) ? host : undefined;
}

// "-a OR b" would match nearly everything: inside an OR group, exclusions are dropped.
function toClause(atoms: QueryAtom[]): QueryClause {
  if (atoms.length === 1) return { alternatives: atoms };
  return { alternatives: dedupeAtoms(atoms.filter((atom) => !atom.negated)) };
}

function dedupeAtoms(atoms: QueryAtom[]): QueryAtom[] {
  const seen = new Set<string>();
  return atoms.filter((atom) => {
    const key = formatAtom(atom);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const char = text[i] as string;
    if (/\s/.test(char)) {
      i += 1;
      continue;
    }
    const negated = char === '-' && text[i + 1] !== undefined && !/\s/.test(text[i + 1] as string);
    const start = negated ? i + 1 : i;
    if (text[start] === '"') {
      const close = text.indexOf('"', start + 1);
      const end = close === -1 ? text.length : close;
      const phrase = collapse(text.slice(start + 1, end));
      if (hasWordCharacter(phrase))
        tokens.push({ type: 'atom', atom: { kind: 'phrase', text: phrase, negated } });
      i = end + 1;
      continue;
    }
    let end = start;
    while (end < text.length && !/\s/.test(text[end] as string) && text[end] !== '"') end += 1;
    const word = text.slice(start, end);
    i = end;
    if (!negated && (word === 'OR' || word === '|')) {
      tokens.push({ type: 'or' });
      continue;
    }
    const operand = negated ? undefined : SITE_OPERATOR.exec(word)?.[1];
    if (operand !== undefined) {
      const domain = siteDomainOf(operand);
      if (domain) tokens.push({ type: 'site', domain });
      continue;
    }
    const term = trimPunctuation(word.replace(/^-+/, '')).toLowerCase();
    if (hasWordCharacter(term))
      tokens.push({ type: 'atom', atom: { kind: 'term', text: term, negated } });
  }
  return tokens.map((token) =>
    token.type === 'atom'
      ? { type: 'atom', atom: { ...token.atom, text: token.atom.text.toLowerCase() } }
      : token,
  );
}

/** The canonical text of a query: lower case, single spaces, operators spelt one way, site: first. */
export function formatWebQuery(query: WebQuery): string {
  const words = query.clauses.map((clause) => clause.alternatives.map(formatAtom).join(' OR '));
  return (query.site ? [`site:${query.site}`, ...words] : words).join(' ');
}

/** The query restricted to one site's domain ("More from this site"). */
export function withinSite(query: WebQuery, domain: string): WebQuery {
  return { ...query, site: domain };
}

function formatAtom(atom: QueryAtom): string {
  const body = atom.kind === 'phrase' ? `"${atom.text}"` : atom.text;
  return `${atom.negated ? '-' : ''}${body}${atom.prefix ? '*' : ''}`;
}

/** True when something must match: a query of exclusions alone matches nothing. */
export function hasPositiveClause(query: WebQuery): boolean {
  return query.clauses.some((clause) => clause.alternatives.some((atom) => !atom.negated));
}

/** True when the query excludes something (-word, -"phrase"). */
export function hasExclusion(query: WebQuery): boolean {
  return query.clauses.some(
    (clause) => clause.alternatives.length === 1 && clause.alternatives[0]?.negated === true,
  );
}

/**
 * True when the query holds a "phrase" (positive or excluded): the planner estimates a phrase
 * as all of its words, far more matches than the phrase has.
 */
export function hasPhrase(query: WebQuery): boolean {
  return query.clauses.some((clause) => clause.alternatives.some((atom) => atom.kind === 'phrase'));
}

/**
 * The words a site's domain or title would have to equal to be an exact match: the positive
 * single-alternative atoms, in order ("wikipedia", "python docs"); '' when there are none.
 */
export function exactMatchText(query: WebQuery): string {
  return query.clauses
    .filter((clause) => clause.alternatives.length === 1 && !clause.alternatives[0]?.negated)
    .map((clause) => clause.alternatives[0]?.text ?? '')
    .join(' ');
}

/** Positive plain terms, which typo correction may replace. */
export function correctableTerms(query: WebQuery): string[] {
  const terms = query.clauses
    .flatMap((clause) => clause.alternatives)
    .filter((atom) => atom.kind === 'term' && !atom.negated && !atom.prefix);
  // Short words and stop words are left alone: "la" is not a typo of "las", nor "of" of "off".
  return [...new Set(terms.map((atom) => atom.text))].filter(
    (text) => [...text].length >= MIN_CORRECTABLE_LENGTH && !STOP_WORDS.has(text),
  );
}

/**
 * The query with each corrected term widened to "term OR term* OR correction": the original
 * word still counts, a partial word completes, a misspelt one finds its correction.
 */
export function expandTerms(
  query: WebQuery,
  corrections: ReadonlyMap<string, string | undefined>,
  prefixable: (term: string) => boolean,
): WebQuery {
  return {
    ...query,
    clauses: query.clauses.map((clause) => ({
      alternatives: dedupeAtoms(
        clause.alternatives.flatMap((atom) => {
          if (atom.kind !== 'term' || atom.negated || !corrections.has(atom.text)) return [atom];
          const widened: QueryAtom[] = [atom];
          if (prefixable(atom.text)) widened.push({ ...atom, prefix: true });
          const correction = corrections.get(atom.text);
          if (correction) widened.push({ kind: 'term', text: correction, negated: false });
          return widened;
        }),
      ),
    })),
  };
}

/** The query as the person would read it with corrections applied ("wikipedia"). */
export function applyCorrections(
  query: WebQuery,
  corrections: ReadonlyMap<string, string | undefined>,
): WebQuery {
  return {
    ...query,
    clauses: query.clauses.map((clause) => ({
      alternatives: clause.alternatives.map((atom) => {
        const correction =
          atom.kind === 'term' && !atom.negated ? corrections.get(atom.text) : undefined;
        return correction ? { ...atom, text: correction } : atom;
      }),
    })),
  };
}

/** NFKC, typographic quotes made plain, control characters dropped. */
function normalizeText(input: string): string {
  return input
    .normalize('NFKC')
    .replace(/[\u201C\u201D\u201E\u201F\u2033\u00AB\u00BB]/g, '"')
    .replace(/\u2212/g, '-')
    .replace(/\p{Cc}/gu, ' ');
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

// Keeps inner punctuation ("node.js", "c++", "e-mail") and drops what wraps a word ("(foo),").
function trimPunctuation(word: string): string {
  return word.replace(/^[^\p{L}\p{N}#@.]+/u, '').replace(/[^\p{L}\p{N}+#]+$/u, '');
}

function hasWordCharacter(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}

/** Letters and digits only: safe to hand to to_tsquery as a prefix pattern. */
export function prefixPattern(term: string): string | undefined {
  const clean = term.replace(/[^\p{L}\p{N}]/gu, '');
  return clean.length > 0 ? clean : undefined;
}
