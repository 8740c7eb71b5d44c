import { voteTransition } from './vote-transition.js';

describe(voteTransition.name, () => {
  it.each([
    [null, 'up', { next: 'up', upDelta: 1, downDelta: 0, change: 'added' }],
    [null, 'down', { next: 'down', upDelta: 0, downDelta: 1, change: 'added' }],
    ['up', 'up', { next: null, upDelta: -1, downDelta: 0, change: 'removed' }],
    ['down', 'down', { next: null, upDelta: 0, downDelta: -1, change: 'removed' }],
    ['up', 'down', { next: 'down', upDelta: -1, downDelta: 1, change: 'switched' }],
    ['down', 'up', { next: 'up', upDelta: 1, downDelta: -1, change: 'switched' }],
  ] as const)('%s then %s', (current, requested, expected) => {
    expect(voteTransition(current, requested)).toEqual(expected);
  });
});
