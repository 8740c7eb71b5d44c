import { Topics } from '@frenly/contracts';
import { EventPayloadSchemas } from './event-payload-schemas.js';

describe(EventPayloadSchemas.name, () => {
  const sut = EventPayloadSchemas.fromCommittedDocument();

  it('has the schema of every topic of the contracts', () => {
    for (const topic of Object.values(Topics)) expect(sut.has(topic)).toBe(true);
  });

  it('accepts a payload of its topic, with fields added later', () => {
    const payload = {
      siteId: 1,
      url: 'https://a.example/',
      domain: 'a.example',
      title: '',
      indexedAt: '2026-01-01T00:00:00.000Z',
      addedInV1_1: true,
    };
    expect(sut.problemOf(Topics.SiteIndexed, payload)).toBeUndefined();
  });

  it('names every problem of a payload that does not fit', () => {
    const problem = sut.problemOf(Topics.VoteCast, { siteId: '7', vote: 'sideways' });
    expect(problem).toContain('siteId');
    expect(problem).toContain('userId');
    expect(problem).toMatch(/vote.*(allowed|equal to one of)/);
  });

  it('refuses what is not an object, and a topic it does not know', () => {
    expect(sut.problemOf(Topics.SiteIndexed, null)).toBeDefined();
    expect(sut.problemOf('no.such-topic', {})).toBe('no JSON Schema for topic no.such-topic');
  });
});
