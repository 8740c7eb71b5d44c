import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  payload: AdapterPayload;
  expiresAt: number;
}

/**
 * In-memory storage for one development identity provider (its sessions, codes and tokens).
 * Everything is lost on restart, which is fine for a development sign-in: the app's own
 * sessions live in PostgreSQL. (oidc-provider's built-in one is shared by every instance.)
 */
export function memoryAdapterClass(): new (model: string) => Adapter {
  const entries = new Map<string, Entry>();
  const live = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  let writes = 0;
  const sweep = () => {
    // Every so often drop expired entries, so a long-running dev process does not grow forever.
    if (++writes % 200 !== 0) return;
    for (const key of entries.keys()) live(key);
  };

  return class DevIdpMemoryAdapter implements Adapter {
    constructor(private readonly model: string) {}

    private key(id: string): string {
      return `${this.model}:${id}`;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      sweep();
      entries.set(this.key(id), {
        payload: { ...payload },
        expiresAt: Date.now() + expiresIn * 1000,
      });
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      return live(this.key(id))?.payload;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return this.findWhere((payload) => payload.uid === uid);
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return this.findWhere((payload) => payload.userCode === userCode);
    }

    async consume(id: string): Promise<void> {
      const entry = live(this.key(id));
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    }

    async destroy(id: string): Promise<void> {
      entries.delete(this.key(id));
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of entries)
        if (entry.payload.grantId === grantId) entries.delete(key);
    }

    private findWhere(matches: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
      const prefix = `${this.model}:`;
      for (const [key] of entries) {
        if (!key.startsWith(prefix)) continue;
        const entry = live(key);
        if (entry && matches(entry.payload)) return entry.payload;
      }
      return undefined;
    }
  };
}
