// The fuzz property of fuzz.int-spec.ts (fuzz/fuzz-suite.ts) against the distributed topology:
// each built service its own process (DistributedTopology: PostgreSQL, Redis, Kafka), every
// request through the gateway's edge and forwarder to the service that owns the route. No
// answer may be a server error, and every 4xx is in the error shape, whichever process answered
// it. Bounded in time: FRENLY_FUZZ_DISTRIBUTED_MS (default 30 s of fuzzing, after a start-up of
// some tens of seconds) shared by all routes; FRENLY_FUZZ_SEED replays a run.
import { DistributedTopology } from '@frenly/testing';
import { describeFuzzSuite } from './fuzz/fuzz-suite.js';

describeFuzzSuite({
  runtime: 'the distributed topology',
  budgetMs: Number(process.env['FRENLY_FUZZ_DISTRIBUTED_MS'] ?? 30_000),
  startTimeoutMs: 150_000,
  start: async (env) => {
    const topology = await DistributedTopology.start({ env });
    return { base: topology.url, stop: () => topology.stop(), logs: () => topology.logs() };
  },
});
