import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseAllDocuments } from 'yaml';
import { KNOWN_PLACEHOLDER_SECRETS, identitySecretProblem } from './identity-secret.js';
import { ConfigError, commonVars, loadConfig } from './index.js';

const repoRoot = new URL('../../../', import.meta.url);

describe(identitySecretProblem.name, () => {
  it.each([
    [
      '32 random bytes, base64url (what the tests and scripts generate)',
      randomBytes(32).toString('base64url'),
    ],
    ['48 random bytes, base64 (openssl rand -base64 48)', randomBytes(48).toString('base64')],
    ['16 random bytes, hex (openssl rand -hex 16)', randomBytes(16).toString('hex')],
    ['32 random bytes, hex', randomBytes(32).toString('hex')],
  ])('accepts %s', (_label, secret) => {
    expect(identitySecretProblem(secret)).toBeUndefined();
  });

  it.each([
    [
      'the placeholder docker-compose.yml and the k8s example shipped',
      'change-me-to-32-or-more-random-characters',
    ],
    ['change-me', 'change-me'],
    ['change-me, padded to length', 'Change_Me_0123456789_0123456789_0123456789'],
    ['replace-me', 'REPLACE-ME-with-the-output-of-openssl-rand-base64-48'],
    ['"secret"', 'secret'],
    ['a sentence with "secret"', 'this is my super secret key for Frenly 2026!'],
    ['password, padded', 'password1234567890password1234567890'],
    ['an example value', 'an-example-value-for-the-identity-key-xyz'],
  ])('refuses %s as a placeholder', (_label, secret) => {
    expect(identitySecretProblem(secret)).toMatch(/placeholder/);
  });

  it('refuses fewer than 32 characters, however random', () => {
    expect(identitySecretProblem(randomBytes(15).toString('base64url'))).toMatch(
      /at least 32 characters \(got 20\)/,
    );
  });

  it.each([
    ['one repeated character', 'a'.repeat(64)],
    ['a repeated pair', 'ab'.repeat(32)],
    ['a repeated random-looking unit', 'Xq7#pL2!'.repeat(5)],
    ['an ascending run', 'abcdefghijklmnopqrstuvwxyz0123456789'],
    ['a descending run', '9876543210zyxwvutsrqponmlkjihgfedcba'],
    ['few distinct characters', '0110100110010110100101100110100101101001'],
  ])('refuses %s as too regular', (_label, secret) => {
    expect(identitySecretProblem(secret)).toMatch(/too regular/);
  });

  it('stops the config with a message naming FRENLY_IDENTITY_SECRET, and leaves an unset secret to the runtime', () => {
    const spec = { FRENLY_IDENTITY_SECRET: commonVars.FRENLY_IDENTITY_SECRET };
    expect(() =>
      loadConfig(spec, { FRENLY_IDENTITY_SECRET: KNOWN_PLACEHOLDER_SECRETS[0] }),
    ).toThrow(ConfigError);
    expect(() => loadConfig(spec, { FRENLY_IDENTITY_SECRET: 'change-me' })).toThrow(
      /FRENLY_IDENTITY_SECRET is a placeholder/,
    );
    expect(loadConfig(spec, {})).toEqual({ FRENLY_IDENTITY_SECRET: undefined });
    const secret = randomBytes(32).toString('base64url');
    expect(loadConfig(spec, { FRENLY_IDENTITY_SECRET: secret })).toEqual({
      FRENLY_IDENTITY_SECRET: secret,
    });
  });

  it('refuses every identity secret written in docker-compose.yml and the k8s manifests (none may be usable)', () => {
    const compose = readFileSync(new URL('docker-compose.yml', repoRoot), 'utf8');
    // `${FRENLY_IDENTITY_SECRET:-default}` or `-default` would ship a default; `:?message` does not.
    const defaults = [...compose.matchAll(/\$\{FRENLY_IDENTITY_SECRET:?-([^}]*)\}/g)].map(
      (m) => m[1]!,
    );
    for (const value of defaults)
      expect([value, identitySecretProblem(value)]).toEqual([value, expect.any(String)]);
    expect(compose).toMatch(/\$\{FRENLY_IDENTITY_SECRET:\?[^}]+\}/);

    const manifests = ['deploy/k8s/examples/frenly-secrets.yaml'];
    const values = manifests.flatMap((path) =>
      parseAllDocuments(readFileSync(new URL(path, repoRoot), 'utf8'))
        .map((doc) => doc.toJS() as { stringData?: Record<string, string> } | null)
        .map((object) => object?.stringData?.FRENLY_IDENTITY_SECRET)
        .filter((value): value is string => value !== undefined),
    );
    expect(values).toHaveLength(1);
    for (const value of values)
      expect([value, identitySecretProblem(value)]).toEqual([value, expect.any(String)]);
  });
});
