import { JsonLogger } from '@frenly/platform';
import { DomainFactsService } from './domain-facts.js';

const logger = new JsonLogger({ service: 'search-unit', level: 'error', write: () => undefined });

describe(DomainFactsService.name, () => {
  let sut: DomainFactsService;

  beforeAll(async () => {
    sut = new DomainFactsService(logger);
    await sut.onModuleInit();
  });

  it('names the owner TrackerDB gives a domain, with the database it came from', () => {
    expect(sut.of('google-analytics.com')).toEqual({
      owner: {
        name: 'Google',
        source: 'ghostery-trackerdb',
        sourceVersion: expect.stringMatching(/^\d+\.\d+\.\d+$/),
      },
    });
  });

  it('says nothing of a domain the database does not list', () => {
    expect(sut.of('corner-garden.example')).toEqual({ owner: null });
  });

  it('says nothing before the database is loaded (never a guess)', () => {
    expect(new DomainFactsService(logger).of('google-analytics.com')).toEqual({ owner: null });
  });
});
