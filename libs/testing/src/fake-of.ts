// Type-only import: @jest/globals throws when loaded outside Jest, and this package's entry
// point is also imported by scripts (bench/scale-out), so the runtime `jest` object is taken
// from `import.meta.jest`, which Jest sets on every ES module it loads.
import type { jest } from '@jest/globals';

/**
 * A fake of class T: `values` as given, and every other member a jest.fn (created on first
 * use) with no behaviour until a test gives it one. Shared by every service's unit specs.
 */
export function fakeOf<T extends object>(values: Partial<T> = {}): jest.Mocked<T> {
  const methods = new Map<PropertyKey, jest.Mock>();
  return new Proxy(values as jest.Mocked<T>, {
    get: (target, name) => {
      if (name in target) return target[name as keyof T];
      if (name === 'then') return undefined; // not a thenable when awaited
      if (!methods.has(name)) methods.set(name, import.meta.jest.fn() as unknown as jest.Mock);
      return methods.get(name);
    },
  });
}
