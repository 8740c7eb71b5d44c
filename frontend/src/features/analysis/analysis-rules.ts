import { LENS_TYPES, type LensType, type SiteDto } from '@frenly/contracts';
import type { ToastInput } from '../toasts/toast-store';

export { LENS_TYPES };
export const DEFAULT_LENS: LensType = 'love';

/** Spec §5: a URL without http:// or https:// gets https:// prefixed. Null when blank. */
export function normaliseAnalysisUrl(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  return /^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`;
}

/** The content a lens reframes: the site title, a full stop, then the description (spec §7). */
export function reframeContent(site: Pick<SiteDto, 'title' | 'description'>): string {
  return `${site.title}. ${site.description}`;
}

export const URL_REQUIRED_TOAST: ToastInput = {
  title: 'URL Required',
  description: 'Please enter a website URL to analyze.',
  variant: 'destructive',
};

export const ANALYSIS_COMPLETE_TOAST: ToastInput = {
  title: 'Analysis Complete',
  description: 'Website analysis has been completed successfully.',
  variant: 'success',
};

export const ANALYSIS_FAILED_TOAST: ToastInput = {
  title: 'Analysis Failed',
  description: 'Failed to analyze the website. Please try again.',
};

export const REFRAME_FAILED_TOAST: ToastInput = {
  title: 'Error',
  description: 'Failed to reframe content. Please try again.',
};

export const LENS_LABELS: Record<LensType, string> = {
  love: 'Love',
  clarity: 'Clarity',
  growth: 'Growth',
  trust: 'Trust',
  joy: 'Joy',
};

/** What the "Transparent Practices" box can honestly say from the site's own record. */
export function transparentPracticesText(
  site: Pick<SiteDto, 'isVerified' | 'isClaimed' | 'trustScore'>,
): string {
  const parts: string[] = [];
  parts.push(
    site.isVerified
      ? 'Frenly fetched this site over valid HTTPS and completed an analysis.'
      : 'Frenly has not been able to verify this site over valid HTTPS yet.',
  );
  if (site.isClaimed) parts.push('Its owner has claimed it and can answer concerns.');
  if (site.trustScore) parts.push(`Overall trust: ${site.trustScore}.`);
  return parts.join(' ');
}
