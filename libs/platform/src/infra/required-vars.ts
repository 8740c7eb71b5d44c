import { commonVars, type VarSpec } from '@frenly/config';

/** The same variable, but refusing an empty value. */
export function required<T>(spec: VarSpec<T | undefined>): VarSpec<T> {
  return {
    description: spec.description,
    defaultText: spec.defaultText,
    parse(raw) {
      const result = spec.parse(raw);
      if (!result.ok) return result;
      if (
        result.value === undefined ||
        (Array.isArray(result.value) && result.value.length === 0)
      ) {
        return {
          ok: false,
          error: 'is required when a service runs on its own (distributed mode)',
        };
      }
      return { ok: true, value: result.value };
    },
  };
}

/**
 * A service started on its own must reach the shared servers: falling back to a private
 * PGlite folder or an in-process bus would quietly cut it off from the other services.
 */
export const distributedVars = {
  DATABASE_URL: required(commonVars.DATABASE_URL),
  REDIS_URL: required(commonVars.REDIS_URL),
  KAFKA_BROKERS: required(commonVars.KAFKA_BROKERS),
  FRENLY_IDENTITY_SECRET: required(commonVars.FRENLY_IDENTITY_SECRET),
} as const;
