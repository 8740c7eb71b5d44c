import { AnalysisErrorCodes } from '@frenly/contracts';
import { isHttpError, serverMessage } from '../../api/http-error';

/** What the analysis screen says, on the page, when an analysis could not be done. */
export interface AnalysisFailureView {
  title: string;
  reason: string;
  /** A suggestion when Frenly added https:// to an address typed without a scheme. */
  httpHint?: string;
}

/** The error shape's `code` and non-empty `message`; null when the body is not that shape. */
function errorShapeOf(body: string): { code?: string; message?: string } | null {
  try {
    const parsed: unknown = JSON.parse(body);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { code, message } = parsed as { code?: unknown; message?: unknown };
    return {
      ...(typeof code === 'string' ? { code } : {}),
      ...(typeof message === 'string' && message.trim() ? { message } : {}),
    };
  } catch {
    return null;
  }
}

const GENERIC: Record<string, string> = {
  [AnalysisErrorCodes.SiteUnreachable]: 'The site could not be reached.',
  [AnalysisErrorCodes.SiteTimeout]: 'The site took too long to answer.',
  [AnalysisErrorCodes.UrlNotAllowed]:
    'Frenly never fetches this address: it points at a private, local or reserved network.',
  [AnalysisErrorCodes.NotHtml]: 'The address does not answer with a web page (HTML).',
  [AnalysisErrorCodes.PageTooLarge]: 'The page is larger than Frenly fetches.',
  [AnalysisErrorCodes.InvalidUrl]: 'That is not a web address Frenly can analyse.',
  [AnalysisErrorCodes.AnalysisTimeout]:
    'The analysis is taking longer than usual; it goes on, so try again in a minute.',
};

/**
 * The failure in words: the server's own reason where it gave one ("Could not resolve
 * news.google.com"), a plain sentence per kind otherwise.
 */
export function analysisFailureView(
  error: unknown,
  url: string,
  httpsWasAdded: boolean,
): AnalysisFailureView {
  const title = `Frenly could not analyse ${url}`;
  if (!isHttpError(error) || error.status === 'FETCH_ERROR') {
    return { title, reason: 'Frenly’s server could not be reached. Check your connection.' };
  }
  const shape = errorShapeOf(error.body);
  const code = shape?.code;
  const reason =
    (shape ? shape.message : serverMessage(error)) ??
    (code ? GENERIC[code] : undefined) ??
    'Something went wrong on Frenly’s side. Try again in a moment.';
  const unreachable =
    code === AnalysisErrorCodes.SiteUnreachable || code === AnalysisErrorCodes.SiteTimeout;
  if (httpsWasAdded && unreachable && url.startsWith('https://')) {
    const plain = `http://${url.slice('https://'.length)}`;
    return {
      title,
      reason,
      httpHint: `Frenly added https:// to the address. If the site only speaks plain http, analyse ${plain} instead.`,
    };
  }
  return { title, reason };
}
