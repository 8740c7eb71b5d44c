import { isSiteOwn, siteOwnerOf } from './first-party.js';
import { TrackerCatalog } from './tracker-catalog.js';

describe('first party', () => {
  let catalog: TrackerCatalog;
  beforeAll(async () => {
    catalog = await TrackerCatalog.load();
  });

  it("takes the page domain's organisation from TrackerDB", () => {
    const owner = siteOwnerOf('nytimes.com', catalog);
    expect(isSiteOwn(owner, catalog.organisationsOfDomain('nyt.com')[0] ?? '?')).toBe(true);
    expect(isSiteOwn(owner, 'Google')).toBe(false);
  });

  it("matches an organisation named like the site's domain when TrackerDB does not list the domain", () => {
    const owner = siteOwnerOf('theguardian.com', catalog);
    expect(isSiteOwn(owner, 'The Guardian')).toBe(true);
    expect(isSiteOwn(owner, 'Meta')).toBe(false);
  });

  it('does not match short or unrelated names', () => {
    expect(isSiteOwn(siteOwnerOf('x.com', catalog), 'Google')).toBe(false);
    expect(isSiteOwn(siteOwnerOf('bbc.com', catalog), 'BBC')).toBe(false);
    expect(isSiteOwn(siteOwnerOf('shop.example', catalog), 'Shopify')).toBe(false);
  });
});
