import type { SnippetSegment } from '@frenly/contracts';
import { Fragment } from 'react';

interface ResultSnippetProps {
  snippet: readonly SnippetSegment[];
  /** Shown when the page has no snippet (its description, possibly empty). */
  fallback: string;
}

/**
 * The page's text around the query's words, the matched words highlighted. Every segment is
 * rendered as text, never as markup: a page's `<script>` is shown, not run.
 */
export function ResultSnippet({ snippet, fallback }: ResultSnippetProps) {
  if (snippet.length === 0 && !fallback) return null;
  return (
    <p
      data-testid="result-snippet"
      className="mt-1 text-sm leading-relaxed break-words text-slate-700"
    >
      {snippet.length === 0
        ? fallback
        : snippet.map((segment, index) =>
            segment.match ? (
              <mark key={index} className="rounded-sm bg-amber-100 font-semibold text-slate-900">
                {segment.text}
              </mark>
            ) : (
              <Fragment key={index}>{segment.text}</Fragment>
            ),
          )}
    </p>
  );
}
