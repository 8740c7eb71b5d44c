// The Redis connections of one BullMQ job queue. We create them (rather than hand BullMQ
// connection options) because BullMQ 6 loads ioredis with require(), and so that close()
// can end every one of them.
import { Redis, type RedisOptions } from 'ioredis';

export class RedisConnections {
  private shared?: Redis;
  private readonly all = new Set<Redis>();

  constructor(private readonly url: string) {}

  /**
   * One connection for producing and reading (Queue instances, isReady). A command fails after
   * a couple of reconnection attempts rather than hanging while Redis is away.
   */
  producer(): Redis {
    this.shared ??= this.open({ maxRetriesPerRequest: 2 });
    return this.shared;
  }

  /**
   * A dedicated connection for a Worker or QueueEvents: they block on Redis (BZPOPMIN, XREAD),
   * which would stall every other command sharing the socket. BullMQ requires
   * maxRetriesPerRequest: null on them.
   */
  blocking(): Redis {
    return this.open({ maxRetriesPerRequest: null });
  }

  async closeAll(): Promise<void> {
    await Promise.all(
      [...this.all].map(async (connection) => {
        try {
          if (connection.status !== 'end') await connection.quit();
        } catch {
          connection.disconnect();
        }
      }),
    );
    this.all.clear();
    this.shared = undefined;
  }

  private open(options: RedisOptions): Redis {
    const connection = new Redis(this.url, { lazyConnect: true, ...options });
    // BullMQ reports errors through its own objects; this keeps ioredis from printing
    // "Unhandled error event" for connections BullMQ has not wrapped yet.
    connection.on('error', () => undefined);
    this.all.add(connection);
    return connection;
  }
}
