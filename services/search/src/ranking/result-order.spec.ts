import { orderResults, type ScoredCandidate } from './result-order.js';

const site = (id: number, domain: string, score: number): ScoredCandidate => ({ id, domain, score });

describe(orderResults.name, () => {
  it('orders by score, then id', () => {
    const ordered = orderResults([site(3, 'a', 1), site(1, 'b', 2), site(2, 'c', 1)], 2);
    expect(ordered.map((candidate) => candidate.id)).toEqual([1, 2, 3]);
  });

  it('puts the third and later results of a domain after every domain\'s first two', () => {
    const ordered = orderResults([site(1, 'big', 9), site(2, 'big', 8), site(3, 'big', 7), site(4, 'small', 1)], 2);
    expect(ordered.map((candidate) => candidate.id)).toEqual([1, 2, 4, 3]);
  });

  it('counts a site found twice once', () => {
    const ordered = orderResults([site(1, 'a', 2), site(1, 'a', 2), site(2, 'a', 1), site(3, 'a', 0.5)], 2);
    expect(ordered.map((candidate) => candidate.id)).toEqual([1, 2, 3]);
  });
});
