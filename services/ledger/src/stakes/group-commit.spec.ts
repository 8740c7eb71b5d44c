import { GroupCommit } from './group-commit.js';

const fulfilled = <T>(value: T): PromiseFulfilledResult<T> => ({ status: 'fulfilled', value });
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
/** Lets settled promises and the next scheduled send run. */
const settle = async () => {
  for (let i = 0; i < 3; i += 1) await tick();
};

/** A commit whose calls the test releases one by one, recording each group it was given. */
function controlledCommit() {
  const groups: number[][] = [];
  const releases: Array<() => void> = [];
  const commit = (items: readonly number[]) => {
    groups.push([...items]);
    return new Promise<ReadonlyArray<PromiseSettledResult<string>>>((resolve) =>
      releases.push(() => resolve(items.map((n) => fulfilled(`done ${n}`)))),
    );
  };
  return { groups, releases, commit };
}

describe(GroupCommit.name, () => {
  it('sends an item alone at once when nothing is in flight', async () => {
    const c = controlledCommit();
    const sut = new GroupCommit({ commit: c.commit, maxGroup: 10, maxInFlight: 1 });
    const answer = sut.submit(1);
    await tick();
    expect(c.groups).toEqual([[1]]);
    c.releases[0]?.();
    await expect(answer).resolves.toBe('done 1');
  });

  it('groups what arrives while the database is busy, in arrival order, each item getting its own result', async () => {
    const c = controlledCommit();
    const sizes: number[] = [];
    const sut = new GroupCommit({
      commit: c.commit,
      maxGroup: 3,
      maxInFlight: 1,
      onGroup: (n) => sizes.push(n),
    });
    const first = sut.submit(1);
    await tick(); // 1 is in flight
    const later = [2, 3, 4, 5, 6].map((n) => sut.submit(n));
    await settle();
    expect(c.groups).toEqual([[1]]); // the others wait for the group in flight
    c.releases[0]?.();
    await expect(first).resolves.toBe('done 1');
    await settle();
    expect(c.groups).toEqual([[1], [2, 3, 4]]); // at most maxGroup together
    c.releases[1]?.();
    await settle();
    expect(c.groups).toEqual([[1], [2, 3, 4], [5, 6]]);
    c.releases[2]?.();
    await expect(Promise.all(later)).resolves.toEqual([
      'done 2',
      'done 3',
      'done 4',
      'done 5',
      'done 6',
    ]);
    expect(sizes).toEqual([1, 3, 2]);
  });

  it('keeps up to maxInFlight groups in the database at once', async () => {
    const c = controlledCommit();
    const sut = new GroupCommit({ commit: c.commit, maxGroup: 2, maxInFlight: 2 });
    const answers = [1, 2, 3, 4, 5].map((n) => sut.submit(n));
    await tick();
    expect(c.groups).toEqual([
      [1, 2],
      [3, 4],
    ]);
    c.releases[0]?.();
    c.releases[1]?.();
    await Promise.all(answers.slice(0, 4));
    await settle();
    expect(c.groups).toEqual([[1, 2], [3, 4], [5]]);
    c.releases[2]?.();
    await expect(answers[4]).resolves.toBe('done 5');
  });

  it('fails every item of a failed group, goes on with the next, and fails an item on its own', async () => {
    let calls = 0;
    const sut = new GroupCommit<number, number>({
      commit: async (items) => {
        calls += 1;
        if (calls === 1) throw new Error('database down');
        return items.map((n): PromiseSettledResult<number> =>
          n === 4
            ? { status: 'rejected', reason: new Error('four is refused') }
            : fulfilled(n * 10),
        );
      },
      maxGroup: 10,
      maxInFlight: 1,
    });
    const failed = [sut.submit(1), sut.submit(2)];
    await expect(Promise.all(failed.map((p) => p.catch((e: Error) => e.message)))).resolves.toEqual(
      ['database down', 'database down'],
    );
    const next = [sut.submit(3), sut.submit(4), sut.submit(5)];
    await expect(Promise.allSettled(next)).resolves.toEqual([
      fulfilled(30),
      { status: 'rejected', reason: new Error('four is refused') },
      fulfilled(50),
    ]);
  });

  it('refuses an answer with the wrong number of results', async () => {
    const sut = new GroupCommit<number, number>({
      commit: async () => [fulfilled(1)],
      maxGroup: 10,
      maxInFlight: 1,
    });
    await expect(Promise.all([sut.submit(1), sut.submit(2)])).rejects.toThrow(
      'answered 1 results for 2 items',
    );
  });
});
