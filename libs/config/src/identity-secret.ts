/**
 * What makes FRENLY_IDENTITY_SECRET usable. Whoever knows it can sign any identity for the
 * services (issue 12: with the placeholder that docker-compose.yml and the k8s example once
 * shipped, a direct call to the ledger staked from a victim's account), so a service refuses at
 * boot a secret that is short, a known placeholder, or too regular to be random.
 */

/** Fewer characters cannot hold the 128+ bits the HMAC key should have in any common encoding. */
export const MIN_IDENTITY_SECRET_LENGTH = 32;

/**
 * The least entropy the secret's own characters may show (Shannon estimate × length). Random hex
 * of 32 characters (128 bits, `openssl rand -hex 16`) shows about 110 and never under 88 in
 * 2 million draws; repeated units and two-letter alphabets show 30 to 64.
 */
export const MIN_IDENTITY_SECRET_BITS = 80;

/** Values once shipped or documented as defaults: refused whatever their length or entropy. */
export const KNOWN_PLACEHOLDER_SECRETS: readonly string[] = [
  'change-me-to-32-or-more-random-characters',
];

/**
 * Words that mark a value someone typed or copied rather than generated. Six letters or more: a
 * random 43-character base64url secret contains one by chance with odds below 1 in 10^7.
 */
const PLACEHOLDER_WORDS = [
  'changeme',
  'replaceme',
  'placeholder',
  'example',
  'secret',
  'password',
  'passw0rd',
  'frenly',
];

/** Why `secret` must not be the identity secret, or undefined when it may be. */
export function identitySecretProblem(secret: string): string | undefined {
  const generate = 'generate one with `openssl rand -base64 48`';
  const letters = secret.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (
    KNOWN_PLACEHOLDER_SECRETS.includes(secret) ||
    PLACEHOLDER_WORDS.some((word) => letters.includes(word))
  ) {
    return `is a placeholder, not a secret: anyone who reads it can sign identities for the services; ${generate}`;
  }
  if (secret.length < MIN_IDENTITY_SECRET_LENGTH) {
    return `must be at least ${MIN_IDENTITY_SECRET_LENGTH} characters (got ${secret.length}); ${generate}`;
  }
  if (
    /^(.+?)\1+$/s.test(secret) ||
    mostlySequential(secret) ||
    estimatedBits(secret) < MIN_IDENTITY_SECRET_BITS
  ) {
    return `is too regular to be random (repeated or sequential characters); ${generate}`;
  }
  return undefined;
}

/** Shannon entropy of the character frequencies, times the length: a rough upper bound on the bits. */
function estimatedBits(text: string): number {
  const chars = [...text];
  const counts = new Map<string, number>();
  for (const char of chars) counts.set(char, (counts.get(char) ?? 0) + 1);
  let perChar = 0;
  for (const count of counts.values()) {
    const p = count / chars.length;
    perChar -= p * Math.log2(p);
  }
  return perChar * chars.length;
}

/**
 * `abcdef…`, `0123…`, `aabbcc…`: three neighbours in four one code point apart (or equal), which
 * frequencies miss. Random hex has about one in six.
 */
function mostlySequential(text: string): boolean {
  const codes = [...text].map((char) => char.codePointAt(0)!);
  let steps = 0;
  for (let i = 1; i < codes.length; i++) if (Math.abs(codes[i]! - codes[i - 1]!) <= 1) steps++;
  return steps > ((codes.length - 1) * 3) / 4;
}
