import type { SnippetSegment } from '@frenly/contracts';

/**
 * The marks search.snippet_of puts around the query's words in a snippet (ts_headline's
 * StartSel / StopSel): private-use characters, which search.ranked_page removes from the text
 * first, so they can only be its own marks (ranking.sql, sections 4 and 5).
 */
export const MATCH_START = '\uE000';
export const MATCH_STOP = '\uE001';

/** A marked snippet as segments of plain and matched text (adjacent pieces of one kind joined). */
export function snippetSegmentsOf(marked: string | null | undefined): SnippetSegment[] {
  const segments: SnippetSegment[] = [];
  const push = (text: string, match: boolean) => {
    if (text === '') return;
    const last = segments[segments.length - 1];
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  let match = false;
  let piece = '';
  for (const char of (marked ?? '').trim()) {
    if (char === MATCH_START || char === MATCH_STOP) {
      push(piece, match);
      piece = '';
      match = char === MATCH_START;
    } else piece += char;
  }
  push(piece, match);
  return segments;
}

/**
 * The snippet of a result: its segments when they show at least one of the query's words, none
 * otherwise (the words matched the title or URL only: the page's description says more than
 * the first words of its text).
 */
export function matchedSnippet(marked: string | null | undefined): SnippetSegment[] {
  const segments = snippetSegmentsOf(marked);
  return segments.some((segment) => segment.match) ? segments : [];
}
