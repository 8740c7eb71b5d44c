// A new group that reads from the newest event gets each partition's current end committed as
// its position before its consumer joins. Left to kafkajs, "newest" is looked up at the first
// fetch after the join (later still when a brand-new topic's partitions reach the assignment
// in a second rebalance), and an event published in between, after subscribe resolved, would
// be skipped.
import type { Admin, Kafka } from 'kafkajs';
import { sleep } from '../backoff.js';
import { describeError, type EventsLogger } from '../logger.js';

export interface StartAtTheEndOptions {
  readonly kafka: Kafka;
  readonly admin: Admin;
  readonly group: string;
  readonly topics: readonly string[];
  readonly timeoutMs: number;
  readonly logger: EventsLogger;
  /** The broker answers this while a just-created topic's metadata propagates: retry. */
  readonly isTopicNotReady: (error: unknown) => boolean;
}

interface Position {
  readonly topic: string;
  readonly partition: number;
  readonly offset: string;
}

/**
 * Positions `group` at the end of every partition of `topics` where it has no committed offset,
 * then checks that the positions are there (retrying until `timeoutMs`). A group with running
 * members is left alone: it has its positions, the new member joins them. On giving up the
 * consumer falls back to kafkajs's own lookup, with a warning.
 */
export async function startGroupAtTheEnd(options: StartAtTheEndOptions): Promise<void> {
  const { admin, group, topics, logger } = options;
  const deadline = Date.now() + options.timeoutMs;
  let lastError = 'positions not committed';
  for (let attempt = 1; Date.now() < deadline; attempt++) {
    try {
      const missing = await unpositioned(admin, group, topics);
      if (missing.length === 0) return;
      const ends = await endsOf(admin, missing);
      const outcome = await commitThroughShortLivedMember(options, ends, deadline - Date.now());
      if (outcome === 'group-has-members') return;
      // Loop: the commit is checked, and a partition not yet assigned then is done again.
    } catch (error) {
      lastError = describeError(error);
      if (!options.isTopicNotReady(error)) break;
    }
    await sleep(Math.min(50 * attempt, 500));
  }
  logger.warn(
    'Kafka group not positioned at the end before joining; its consumer looks the end up itself',
    { group, error: lastError },
  );
}

/** The (topic, partition) pairs where `group` has committed nothing. */
async function unpositioned(
  admin: Admin,
  group: string,
  topics: readonly string[],
): Promise<Array<{ topic: string; partition: number }>> {
  const committed = await admin.fetchOffsets({ groupId: group, topics: [...topics] });
  return committed.flatMap(({ topic, partitions }) =>
    partitions.filter((p) => Number(p.offset) < 0).map((p) => ({ topic, partition: p.partition })),
  );
}

/** Each partition's current end (the offset the next event will get). */
async function endsOf(
  admin: Admin,
  partitions: ReadonlyArray<{ topic: string; partition: number }>,
): Promise<Position[]> {
  const positions: Position[] = [];
  for (const topic of new Set(partitions.map((p) => p.topic))) {
    const wanted = new Set(partitions.filter((p) => p.topic === topic).map((p) => p.partition));
    const ends = await admin.fetchTopicOffsets(topic);
    for (const end of ends)
      if (wanted.has(end.partition))
        positions.push({ topic, partition: end.partition, offset: end.high });
  }
  return positions;
}

/**
 * Commits the positions as kafkajs's admin.setOffsets does, through a member that joins the
 * empty group, seeks (a seek commits) and leaves, but one that long-polls 50 ms instead of
 * the admin's fixed 5 s. Seeks on partitions the member was not assigned are dropped by
 * kafkajs: the caller checks the commits.
 */
async function commitThroughShortLivedMember(
  options: StartAtTheEndOptions,
  positions: readonly Position[],
  timeoutMs: number,
): Promise<'committed' | 'group-has-members'> {
  const topics = [...new Set(positions.map((p) => p.topic))];
  const member = options.kafka.consumer({
    groupId: options.group,
    maxWaitTimeInMs: 50,
    allowAutoTopicCreation: false,
  });
  try {
    await member.connect();
    const { state } = await member.describeGroup();
    if (state !== 'Empty' && state !== 'Dead') return 'group-has-members';
    await member.subscribe({ topics, fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`no fetch within ${timeoutMs} ms`)),
        Math.max(1, timeoutMs),
      );
      member.on(member.events.FETCH, () => {
        clearTimeout(timer);
        resolve();
      });
      member
        .run({ eachBatchAutoResolve: false, eachBatch: async () => undefined })
        .catch((error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        });
      member.pause(topics.map((topic) => ({ topic })));
      for (const position of positions) member.seek(position);
    });
    return 'committed';
  } finally {
    await member.disconnect().catch(() => undefined);
  }
}
