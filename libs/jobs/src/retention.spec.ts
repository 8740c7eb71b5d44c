import { jobsToEvict } from './retention.js';

const finished = (...ages: number[]) =>
  ages.map((finishedAt, i) => ({ jobId: `j${i}`, finishedAt }));

describe(jobsToEvict.name, () => {
  it('keeps the newest `count` jobs', () => {
    expect(jobsToEvict(finished(1, 2, 3, 4), { count: 2 }, 10)).toEqual(['j0', 'j1']);
    expect(jobsToEvict(finished(1, 2), { count: 2 }, 10)).toEqual([]);
  });

  it('drops jobs finished at or before now - age, then applies the count', () => {
    const now = 10_000;
    const sut = jobsToEvict(
      finished(now - 5000, now - 2000, now - 1000, now),
      { count: 2, ageSeconds: 2 },
      now,
    );
    expect(sut.sort()).toEqual(['j0', 'j1']);
    expect(
      jobsToEvict(finished(now - 1500, now - 1000, now), { count: 2, ageSeconds: 2 }, now),
    ).toEqual(['j0']);
  });
});
