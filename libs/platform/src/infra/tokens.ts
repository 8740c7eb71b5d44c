/**
 * Injection tokens of the shared infrastructure. A service's `forRoot(infra)` provides them
 * from the instances it is given, so the embedded runtime can hand one database, one bus and
 * one job queue to every module, while a distributed service builds its own from config.
 */
/** The Drizzle `Database` (PostgreSQL or PGlite): repositories inject it. */
export const DATABASE = Symbol.for('frenly.database');
/** The `EventBus` (Kafka or in-process). */
export const EVENT_BUS = Symbol.for('frenly.event-bus');
/** The `JobQueue<FrenlyJobQueues>` (BullMQ or in-process). */
export const JOB_QUEUE = Symbol.for('frenly.job-queue');
