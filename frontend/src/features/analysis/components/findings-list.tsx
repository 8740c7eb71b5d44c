import type { SiteDto } from '@frenly/contracts';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { findingsOf, SEEN_BY_LABEL } from '../analysis-evidence';

/** What the analysis found (trackers and the checks that fell short), each with how it was seen. */
export function FindingsList({ site }: { site: SiteDto }) {
  const findings = findingsOf(site.analysisData);
  if (findings.length === 0) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>What Frenly Found</CardTitle>
      </CardHeader>
      <CardContent>
        <ul aria-label="Findings" className="grid gap-2">
          {findings.map((finding) => (
            <li
              key={finding.key}
              className="flex flex-wrap items-start gap-2 text-sm text-slate-700"
            >
              <span className="min-w-0 flex-1 break-words">{finding.text}</span>
              <Badge tone={finding.seenBy === 'browser' ? 'verified' : 'neutral'}>
                {SEEN_BY_LABEL[finding.seenBy]}
              </Badge>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}
