import type { SearchOutbox } from './search-outbox.js';

/** What a writer of events needs of the outbox: SearchOutbox, or a bare writer in the CLI (no relay). */
export type OutboxWriter = Pick<SearchOutbox, 'write' | 'committed'>;
