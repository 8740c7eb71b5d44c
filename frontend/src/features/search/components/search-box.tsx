import { MicIcon, SearchIcon } from 'lucide-react';
import { useId, type FormEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { useVoiceInput } from '../use-voice-input';

interface SearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  onSearch: (text: string) => void;
  size?: 'lg' | 'compact';
  autoFocus?: boolean;
  /** Extra controls under the box (the home page's two buttons). */
  children?: ReactNode;
}

/** The search field with its microphone and submit buttons. */
export function SearchBox({
  value,
  onChange,
  onSearch,
  size = 'lg',
  autoFocus,
  children,
}: SearchBoxProps) {
  const inputId = useId();
  const large = size === 'lg';
  const voice = useVoiceInput((transcript) => {
    onChange(transcript);
    onSearch(transcript);
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    onSearch(value);
  }

  return (
    <form role="search" onSubmit={submit} className="w-full">
      <label htmlFor={inputId} className="sr-only">
        Search the web with Frenly
      </label>
      <div
        className={cn(
          'flex w-full items-center gap-1 rounded-full border border-slate-300 bg-white shadow-sm transition-shadow',
          'focus-within:border-emerald-600 focus-within:ring-2 focus-within:ring-emerald-600/30 hover:shadow-md',
          large ? 'h-14 pr-2 pl-5' : 'h-11 pr-1 pl-4',
        )}
      >
        <SearchIcon
          aria-hidden="true"
          className={cn('shrink-0 text-slate-500', large ? 'size-5' : 'size-4')}
        />
        <input
          id={inputId}
          type="search"
          name="q"
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={large ? 'Search the web' : 'Search'}
          className={cn(
            'h-full min-w-0 flex-1 bg-transparent px-2 text-slate-900 placeholder:text-slate-500 focus:outline-none',
            large ? 'text-lg' : 'text-base',
          )}
        />
        <button
          type="button"
          onClick={voice.toggle}
          aria-label={voice.listening ? 'Stop voice input' : 'Search by voice'}
          aria-pressed={voice.listening}
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-emerald-800',
            'focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:outline-none',
            large ? 'size-10' : 'size-9',
            voice.listening && 'animate-pulse bg-rose-50 text-rose-700',
          )}
        >
          <MicIcon aria-hidden="true" className="size-5" />
        </button>
        <button
          type="submit"
          aria-label="Search"
          className={cn(
            'inline-flex shrink-0 items-center justify-center rounded-full bg-emerald-700 text-white hover:bg-emerald-800',
            'focus-visible:ring-2 focus-visible:ring-emerald-600 focus-visible:ring-offset-2 focus-visible:outline-none',
            large ? 'size-10' : 'size-9',
          )}
        >
          <SearchIcon aria-hidden="true" className="size-4" />
        </button>
      </div>
      {children}
    </form>
  );
}
