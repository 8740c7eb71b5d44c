import { sql, type SQL } from 'drizzle-orm';
import { prefixPattern, type QueryAtom, type WebQuery } from '../query/web-query.js';

/** The text search configuration of the index (see the sites' generated search_vector). */
export const TEXT_SEARCH_CONFIG = sql.raw(`'english'::regconfig`);

/** The query that holds no word: with `site:` alone, the statement lists the site's pages. */
export const EMPTY_TSQUERY: SQL = sql`''::tsquery`;

/**
 * A parsed query as a tsquery expression. Every piece of query text is a parameter handed to
 * plainto_tsquery / phraseto_tsquery (which cannot be steered by operators in the text), and
 * the operators between pieces come from the parse tree, never from text; the pieces travel
 * as bound parameters (SearchStatements).
 * Undefined when nothing is required (a query of exclusions alone).
 */
export function tsquerySql(query: WebQuery): SQL | undefined {
  return treeSql(query, atomSql);
}

/**
 * A superset of tsquerySql's matches that a GIN index answers without reading the rows back:
 * phrases as all of their words (positions are not in the index, so a phrase is rechecked
 * on every row holding its words), excluded phrases dropped. Undefined as for tsquerySql.
 */
export function indexOnlyTsquerySql(query: WebQuery): SQL | undefined {
  const kept = {
    clauses: query.clauses.filter(
      (clause) =>
        !(
          clause.alternatives.length === 1 &&
          clause.alternatives[0]?.negated &&
          clause.alternatives[0].kind === 'phrase'
        ),
    ),
  };
  return treeSql(kept, (atom) =>
    atom.kind === 'phrase'
      ? sql`plainto_tsquery(${TEXT_SEARCH_CONFIG}, ${atom.text})`
      : atomSql(atom),
  );
}

function treeSql(query: WebQuery, atomToSql: (atom: QueryAtom) => SQL): SQL | undefined {
  const required: SQL[] = [];
  const excluded: SQL[] = [];
  for (const clause of query.clauses) {
    const [only] = clause.alternatives;
    if (clause.alternatives.length === 1 && only?.negated) {
      excluded.push(sql`!!(${atomToSql(only)})`);
      continue;
    }
    const alternatives = clause.alternatives.filter((atom) => !atom.negated).map(atomToSql);
    if (alternatives.length > 0)
      required.push(
        alternatives.length === 1
          ? (alternatives[0] as SQL)
          : sql`(${sql.join(alternatives, sql` || `)})`,
      );
  }
  if (required.length === 0) return undefined;
  return sql`(${sql.join([...required, ...excluded], sql` && `)})`;
}

function atomSql(atom: QueryAtom): SQL {
  if (atom.kind === 'phrase') return sql`phraseto_tsquery(${TEXT_SEARCH_CONFIG}, ${atom.text})`;
  const pattern = atom.prefix ? prefixPattern(atom.text) : undefined;
  // Letters and digits only, so the pattern carries no tsquery syntax of its own.
  if (pattern) return sql`to_tsquery(${TEXT_SEARCH_CONFIG}, ${`${pattern}:*`})`;
  return sql`plainto_tsquery(${TEXT_SEARCH_CONFIG}, ${atom.text})`;
}
