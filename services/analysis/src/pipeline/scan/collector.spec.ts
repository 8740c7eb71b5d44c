import { Collector } from './collector.js';

describe(Collector.name, () => {
  it('joins one text run as it is and separates pieces of different elements', () => {
    const collector = new Collector(100);
    collector.add('I don');
    collector.add("'");
    collector.add('t want');
    collector.markBoundary();
    collector.add('this');
    expect(collector.text()).toBe("I don't want this");
  });

  it('stops at its cap', () => {
    const collector = new Collector(5);
    collector.add('abcdef');
    collector.add('more');
    expect(collector.full).toBe(true);
    expect(collector.text()).toBe('abcde');
  });
});
