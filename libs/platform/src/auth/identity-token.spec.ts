import { IdentityTokens } from './identity-token.js';

describe(IdentityTokens.name, () => {
  const secret = 'a'.repeat(32);
  const alice = {
    userId: 'u1',
    firstName: 'Alice',
    lastName: 'Liddell',
    email: 'alice@example.com',
  };

  it('verifies what it signed', () => {
    const sut = new IdentityTokens(secret);
    expect(sut.verify(sut.sign(alice))).toEqual(alice);
  });

  it('refuses a token signed with another secret, tampered or malformed', () => {
    const sut = new IdentityTokens(secret);
    const token = sut.sign(alice);
    expect(new IdentityTokens('b'.repeat(32)).verify(token)).toBeNull();
    const [body, mac] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ ...alice, userId: 'u2', exp: 9e9 })).toString(
      'base64url',
    );
    expect(sut.verify(`${forged}.${mac}`)).toBeNull();
    expect(sut.verify(`${body}.`)).toBeNull();
    expect(sut.verify(`${body}.${mac}.x`)).toBeNull();
    expect(sut.verify('')).toBeNull();
    expect(sut.verify(undefined)).toBeNull();
  });

  it('refuses an expired token', () => {
    let now = 1_000_000_000_000;
    const sut = new IdentityTokens(secret, 60, () => now);
    const token = sut.sign(alice);
    now += 59_000;
    expect(sut.verify(token)).toEqual(alice);
    now += 2_000;
    expect(sut.verify(token)).toBeNull();
  });

  it('signs a user once a second, and a changed name or a new second gets a new token', () => {
    let now = 1_000_000_000_000;
    const sut = new IdentityTokens(secret, 60, () => now);
    const first = sut.sign(alice);
    expect(sut.sign(alice)).toBe(first);
    expect(sut.sign({ ...alice, firstName: 'Alicia' })).not.toBe(first);
    expect(sut.verify(sut.sign({ ...alice, firstName: 'Alicia' }))).toEqual({
      ...alice,
      firstName: 'Alicia',
    });
    now += 1_000;
    const next = sut.sign(alice);
    expect(next).not.toBe(first);
    expect(sut.verify(next)).toEqual(alice);
  });

  it('still refuses a forgery of a token it has already accepted', () => {
    const sut = new IdentityTokens(secret);
    const token = sut.sign(alice);
    expect(sut.verify(token)).toEqual(alice);
    const [body, mac] = token.split('.');
    const tamperedMac = `${mac?.slice(0, -2)}${mac?.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(sut.verify(`${body}.${tamperedMac}`)).toBeNull();
    expect(new IdentityTokens('b'.repeat(32)).verify(token)).toBeNull();
  });

  it('refuses a short secret', () => {
    expect(() => new IdentityTokens('short')).toThrow('at least 32 bytes');
  });
});
