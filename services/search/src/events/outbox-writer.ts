import type { Database, Transaction } from '@frenly/db';
import type { OutboxEventInput } from '@frenly/events';

/** Writes events in a transaction and asks for them to be published (SearchOutbox, or a bare writer in the CLI). */
export interface OutboxWriter {
  write(tx: Transaction | Database, events: readonly OutboxEventInput[]): Promise<void>;
  poke(): void;
}

export const OUTBOX_WRITER = Symbol.for('frenly.search.outbox-writer');
