import { BadRequestException } from '@nestjs/common';
import { MAX_SITE_ID, parseSiteId, SiteIdPipe } from './site-id.js';

describe(parseSiteId.name, () => {
  it.each(['1', '400', '2147483647'])('reads %s', (text) => {
    expect(parseSiteId(text)).toBe(Number(text));
  });

  it.each([
    '0x190',
    '1e3',
    ' 1',
    '1 ',
    '01',
    '+1',
    '-1',
    '0',
    '1.0',
    '',
    '2147483648',
    '99999999999',
    'NaN',
  ])('refuses %j', (text) => {
    expect(parseSiteId(text)).toBeUndefined();
  });
});

describe(SiteIdPipe.name, () => {
  const sut = new SiteIdPipe();

  it('passes canonical ids as text or as the number the global pipe made of them', () => {
    expect(sut.transform('42')).toBe(42);
    expect(sut.transform(42)).toBe(42);
  });

  it.each([NaN, 0, 1.5, MAX_SITE_ID + 1, '0x190', '1e3', ' 1', undefined])(
    'refuses %p with a 400',
    (value) => {
      expect(() => sut.transform(value)).toThrow(BadRequestException);
    },
  );
});
