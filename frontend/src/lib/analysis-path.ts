/** The analysis screen for a URL (it runs the analysis on open, spec §2). */
export function analysisPath(url: string): string {
  return `/analysis?url=${encodeURIComponent(url)}`;
}
