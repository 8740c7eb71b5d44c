// Every route of the API catalogue fuzzed with fast-check against the real embedded runtime
// (the built process), signed out and signed in: arbitrary path parameters, query strings,
// headers and bodies (random JSON, wrong types, numbers JavaScript cannot hold, unicode, deep
// nesting, missing fields, other content types). No answer may be a server error, and every 4xx
// is in the error shape (the property: fuzz/fuzz-suite.ts; the requests: fuzz/fuzz-requests.ts;
// the same property against the distributed topology: fuzz-distributed.int-spec.ts).
// Bounded in time: FRENLY_FUZZ_MS (default 60 s) shared by all routes; FRENLY_FUZZ_SEED replays a run.
import { EmbeddedRuntime } from '@frenly/testing';
import { describeFuzzSuite } from './fuzz/fuzz-suite.js';

describeFuzzSuite({
  runtime: 'the embedded runtime',
  budgetMs: Number(process.env['FRENLY_FUZZ_MS'] ?? 60_000),
  startTimeoutMs: 120_000,
  start: async (env) => {
    const runtime = await EmbeddedRuntime.start({ env });
    return {
      base: runtime.url,
      stop: () => runtime.stop(),
      logs: () =>
        `${runtime.process.stderr().slice(-4000)}${runtime.process.stdout().slice(-4000)}`,
    };
  },
});
