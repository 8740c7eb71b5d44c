import type { VarSpec } from './spec.js';

export type ConfigSpec = Record<string, VarSpec<unknown>>;
export type ConfigOf<S extends ConfigSpec> = {
  readonly [K in keyof S]: S[K] extends VarSpec<infer T> ? T : never;
};

/** Thrown when one or more variables are invalid; the message names every one of them. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Validates every variable of `spec` against `source` and returns a frozen, typed object. */
export function loadConfig<S extends ConfigSpec>(
  spec: S,
  source: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [name, varSpec] of Object.entries(spec)) {
    const result = varSpec.parse(source[name], source);
    if (result.ok) values[name] = result.value;
    else problems.push(`${name} ${result.error}`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
  return Object.freeze(values) as ConfigOf<S>;
}

/**
 * Boot helper: loads the config or ends the process with the message on stderr.
 * A wrong value must stop a service at once, naming the variable, rather than fail later.
 */
export function loadConfigOrExit<S extends ConfigSpec>(
  spec: S,
  source: NodeJS.ProcessEnv = process.env,
): ConfigOf<S> {
  try {
    return loadConfig(spec, source);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
}
