import type { SiteDto } from '@frenly/contracts';
import { GlobeIcon, LoaderCircleIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { browserStatusOf, notCheckedOf } from '../analysis-evidence';

/**
 * The browser tier's part of the analysis: a progress note while a real browser visits the
 * site, then the first screen it saw; or what was not checked, and why.
 */
export function BrowserCheck({ site }: { site: SiteDto }) {
  const status = browserStatusOf(site.analysisData);
  if (!status) return null;
  const screenshotUrl = site.analysisData?.screenshotUrl;
  return (
    <Card data-testid="browser-check">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <GlobeIcon aria-hidden="true" className="size-4 text-emerald-700" />
          In a real browser
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3">
        {status.state === 'pending' ? (
          <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
            <LoaderCircleIcon aria-hidden="true" className="size-4 animate-spin text-emerald-700" />
            Checking in a real browser… Trackers, cookies and scripts that only load once the page
            runs are added to this report when the visit ends.
          </p>
        ) : status.state === 'done' ? (
          <>
            <p className="text-sm text-slate-700">
              Frenly visited{' '}
              {status.pages && status.pages.length > 1
                ? `${status.pages.length} pages of the site`
                : 'the page'}{' '}
              in a real browser; what it saw there is marked “seen in a real browser” below.
            </p>
            {typeof screenshotUrl === 'string' && (
              <img
                src={screenshotUrl}
                alt={`The first screen of ${site.domain}, as Frenly's browser saw it`}
                className="w-full rounded-lg border border-slate-200"
                loading="lazy"
              />
            )}
          </>
        ) : (
          <NotChecked reason={status.reason} site={site} />
        )}
      </CardContent>
    </Card>
  );
}

function NotChecked({ reason, site }: { reason: string | undefined; site: SiteDto }) {
  const entries = notCheckedOf(site.analysisData);
  return (
    <div className="grid gap-2 text-sm text-slate-700">
      {reason && <p>{reason}</p>}
      {entries.length > 0 && (
        <>
          <p className="font-medium text-slate-900">Not checked:</p>
          <ul aria-label="Not checked" className="list-disc pl-5">
            {entries.map((entry) => (
              <li key={entry.what}>{entry.what}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
