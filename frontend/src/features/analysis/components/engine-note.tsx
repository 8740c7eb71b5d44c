import type { AnalysisEngine } from '@frenly/contracts';
import { BotIcon, ListChecksIcon } from 'lucide-react';

/**
 * Which engine wrote the text above it. The labels say "AI" as the spec names them; this line
 * says plainly when the text came from Frenly's rules and not from a model.
 */
export function EngineNote({ engine, model }: { engine?: AnalysisEngine; model?: string }) {
  if (engine === 'llm') {
    return (
      <p className="flex items-start gap-1.5 text-xs text-slate-600" data-testid="engine-note">
        <BotIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
        <span>
          Written by {model ? `the language model ${model}` : 'a language model'} from the evidence
          Frenly collected; the scores come from Frenly&rsquo;s rules.
        </span>
      </p>
    );
  }
  return (
    <p className="flex items-start gap-1.5 text-xs text-slate-600" data-testid="engine-note">
      <ListChecksIcon aria-hidden="true" className="mt-px size-3.5 shrink-0" />
      <span>
        Written by Frenly&rsquo;s rules from the evidence on the page, not by a language model. To
        have a model write it, start Frenly with <code>OPENAI_API_KEY</code> (and{' '}
        <code>OPENAI_BASE_URL</code> for any OpenAI-compatible server).
      </span>
    </p>
  );
}
