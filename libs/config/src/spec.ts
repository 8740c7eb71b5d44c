/**
 * Typed environment variables. Each variable is described once (name, default, meaning)
 * so that the same description validates the process environment at boot and feeds
 * the README's configuration table.
 */
export interface VarSpec<T> {
  /** What the variable means, for humans (README table, error messages). */
  readonly description: string;
  /** The default as it would be written in the environment; undefined = required or optional. */
  readonly defaultText?: string;
  /**
   * Parses the raw text; returns an error message (without the variable name) when invalid.
   * `source` is the whole environment being loaded, for the rare variable that depends on
   * another (one refused when NODE_ENV=production).
   */
  parse(
    raw: string | undefined,
    source?: NodeJS.ProcessEnv,
  ): { ok: true; value: T } | { ok: false; error: string };
}

type Parsed<T> = { ok: true; value: T } | { ok: false; error: string };
const ok = <T>(value: T): Parsed<T> => ({ ok: true, value });
const fail = (error: string): Parsed<never> => ({ ok: false, error });

function withDefault<T>(
  description: string,
  defaultText: string | undefined,
  parseText: (text: string) => Parsed<T>,
  whenMissing: () => Parsed<T>,
): VarSpec<T> {
  return {
    description,
    defaultText,
    parse(raw) {
      const text = raw?.trim();
      if (text === undefined || text === '') {
        return defaultText === undefined ? whenMissing() : parseText(defaultText);
      }
      return parseText(text);
    },
  };
}

const required = (): Parsed<never> => fail('is required');

export const env = {
  string(description: string, opts: { default?: string } = {}): VarSpec<string> {
    return withDefault(description, opts.default, ok, required);
  },

  optionalString(description: string): VarSpec<string | undefined> {
    return withDefault<string | undefined>(description, undefined, ok, () => ok(undefined));
  },

  int(
    description: string,
    opts: { default?: number; min?: number; max?: number } = {},
  ): VarSpec<number> {
    const { min = Number.MIN_SAFE_INTEGER, max = Number.MAX_SAFE_INTEGER } = opts;
    return withDefault(
      description,
      opts.default === undefined ? undefined : String(opts.default),
      (text) => {
        if (!/^-?\d+$/.test(text)) return fail(`must be an integer (got "${text}")`);
        const value = Number(text);
        if (value < min || value > max)
          return fail(`must be between ${min} and ${max} (got ${value})`);
        return ok(value);
      },
      required,
    );
  },

  port(description: string, defaultPort?: number): VarSpec<number> {
    return env.int(description, { default: defaultPort, min: 1, max: 65535 });
  },

  bool(description: string, defaultValue: boolean): VarSpec<boolean> {
    return withDefault(
      description,
      defaultValue ? 'on' : 'off',
      (text) => {
        const lower = text.toLowerCase();
        if (['1', 'true', 'on', 'yes'].includes(lower)) return ok(true);
        if (['0', 'false', 'off', 'no'].includes(lower)) return ok(false);
        return fail(`must be on/off, true/false, yes/no or 1/0 (got "${text}")`);
      },
      required,
    );
  },

  oneOf<const T extends string>(
    description: string,
    values: readonly T[],
    defaultValue?: T,
  ): VarSpec<T> {
    return withDefault(
      description,
      defaultValue,
      (text) =>
        (values as readonly string[]).includes(text)
          ? ok(text as T)
          : fail(`must be one of ${values.join(', ')} (got "${text}")`),
      required,
    );
  },

  /** An absolute URL with one of the given protocols; optional when no default is given. */
  url(
    description: string,
    protocols: readonly string[],
    opts: { default?: string } = {},
  ): VarSpec<string | undefined> {
    return withDefault<string | undefined>(
      description,
      opts.default,
      (text) => {
        let parsed: URL;
        try {
          parsed = new URL(text);
        } catch {
          return fail(`must be a URL (got "${text}")`);
        }
        if (!protocols.includes(parsed.protocol.replace(/:$/, ''))) {
          return fail(`must use ${protocols.join(' or ')} (got "${parsed.protocol}")`);
        }
        return ok(text);
      },
      () => ok(undefined),
    );
  },

  /** A comma-separated list; empty by default. */
  list(
    description: string,
    opts: { default?: string; item?: (item: string) => string | undefined } = {},
  ): VarSpec<string[]> {
    return withDefault(
      description,
      opts.default ?? '',
      (text) => {
        const items = text
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        for (const item of items) {
          const problem = opts.item?.(item);
          if (problem) return fail(`has an invalid item "${item}": ${problem}`);
        }
        return ok(items);
      },
      () => ok([]),
    );
  },
};
