import fc from 'fast-check';
import { STAKE_MAX_AMOUNT } from '@frenly/contracts';
import { LedgerContext, type TestUser } from './ledger-context.js';
import { ledgerSnapshot } from './ledger-tables.js';

/** A stake body that is wrong in exactly one way, with the message the 400 must carry. */
interface BadStake {
  readonly label: string;
  readonly body: unknown;
  readonly message: string | RegExp;
}

describe('POST /api/stakes refuses bad input with a 400 that says what is wrong, and writes nothing', () => {
  let ctx: LedgerContext;
  let user: TestUser;
  let site: number;
  const valid = () => ({ siteId: site, amount: 50, type: 'support' as const, message: 'fine' });

  beforeAll(async () => {
    ctx = await LedgerContext.start();
    site = await ctx.newSite('valid.example');
    user = ctx.newUser('validator');
    await ctx.http().get('/api/ledger/balance').set(user.headers()).expect(200); // the account exists: only the stake is refused
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function expectRefused(bad: BadStake): Promise<void> {
    const before = await ledgerSnapshot(ctx.db);
    const res = await ctx
      .http()
      .post('/api/stakes')
      .set(user.headers())
      .send(bad.body as object);
    expect([bad.label, res.status]).toEqual([bad.label, 400]);
    const messages = ([] as string[]).concat((res.body as { message: string | string[] }).message);
    expect(messages.length).toBeGreaterThan(0);
    expect([
      bad.label,
      messages.some((m) =>
        typeof bad.message === 'string' ? m === bad.message : bad.message.test(m),
      ),
    ]).toEqual([bad.label, true]);
    expect(await ledgerSnapshot(ctx.db)).toEqual(before);
  }

  it.each<[string, (v: ReturnType<typeof valid>) => unknown, string | RegExp]>([
    ['amount 0', (v) => ({ ...v, amount: 0 }), 'amount must be at least 1'],
    ['amount -1', (v) => ({ ...v, amount: -1 }), 'amount must be at least 1'],
    ['amount 1.5', (v) => ({ ...v, amount: 1.5 }), 'amount must be a whole number'],
    ['amount "50"', (v) => ({ ...v, amount: '50' }), 'amount must be a number (got string)'],
    ['amount 1e12', (v) => ({ ...v, amount: 1e12 }), `amount must be at most ${STAKE_MAX_AMOUNT}`],
    ['amount missing', ({ amount: _amount, ...v }) => v, 'amount is required'],
    ['amount null', (v) => ({ ...v, amount: null }), 'amount is required'],
    ['type missing', ({ type: _type, ...v }) => v, 'type is required'],
    ['type unknown', (v) => ({ ...v, type: 'love' }), 'type must be one of support, concern'],
    ['siteId missing', ({ siteId: _siteId, ...v }) => v, 'siteId is required'],
    [
      'siteId "1"',
      (v) => ({ ...v, siteId: String(v.siteId) }),
      'siteId must be a number (got string)',
    ],
    ['siteId unknown', (v) => ({ ...v, siteId: 424_242 }), 'Unknown site: no site with id 424242'],
    [
      'message of 501 characters',
      (v) => ({ ...v, message: 'm'.repeat(501) }),
      'message must be at most 500 characters',
    ],
    ['message not text', (v) => ({ ...v, message: 42 }), 'message must be text'],
    [
      'an extra field',
      (v) => ({ ...v, userId: 'someone-else' }),
      'property userId should not exist',
    ],
    // Named like a member of every object: class-validator's whitelist took it for declared.
    ['an extra valueOf', (v) => ({ ...v, valueOf: 1 }), 'property valueOf should not exist'],
    [
      'an extra constructor',
      (v) => ({ ...v, constructor: 1 }),
      'property constructor should not exist',
    ],
    ['a body that is a list', (v) => [v], /./],
  ])('%s', async (label, make, message) => {
    await expectRefused({ label, body: make(valid()), message });
  });

  it('refuses every generated body that is wrong in one way (property-based)', async () => {
    const notAWholeNumberIn = (max: number) =>
      fc.oneof(
        fc.integer({ max: 0 }),
        fc.integer({ min: max + 1, max: Number.MAX_SAFE_INTEGER }),
        fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Number.isInteger(d)),
        fc.constantFrom(1e21, Number.MAX_SAFE_INTEGER, -0.5),
        fc.integer({ min: 1, max: 1_000 }).map(String),
        fc.constantFrom(null, true, {}, [], ''),
      );
    const bad: fc.Arbitrary<BadStake> = fc.oneof(
      notAWholeNumberIn(STAKE_MAX_AMOUNT).map((amount) => ({
        label: `amount ${JSON.stringify(amount)}`,
        body: { ...valid(), amount },
        message: /^amount /,
      })),
      notAWholeNumberIn(2_147_483_647).map((siteId) => ({
        label: `siteId ${JSON.stringify(siteId)}`,
        body: { ...valid(), siteId },
        message: /^siteId /,
      })),
      fc.integer({ min: 1_000, max: 2_147_483_647 }).map((siteId) => ({
        label: `unknown site ${siteId}`,
        body: { ...valid(), siteId },
        message: `Unknown site: no site with id ${siteId}`,
      })),
      fc
        .string({ minLength: 1, maxLength: 12 })
        .filter((t) => t !== 'support' && t !== 'concern')
        .map((type) => ({
          label: `type ${type}`,
          body: { ...valid(), type },
          message: 'type must be one of support, concern',
        })),
      fc.integer({ min: 501, max: 2_000 }).chain((length) =>
        fc
          .string({
            minLength: length,
            maxLength: length,
            unit: fc.constantFrom('a', 'é', '🐼', ' ', 'z'),
          })
          // Characters are code points (as the validator counts them): 🐼 is one, not two UTF-16 units.
          .filter((m) => [...m.trim()].length > 500)
          .map((message) => ({
            label: `message of ${[...message.trim()].length}`,
            body: { ...valid(), message },
            message: 'message must be at most 500 characters',
          })),
      ),
      fc.constantFrom('siteId', 'amount', 'type').map((field) => {
        const body: Record<string, unknown> = { ...valid() };
        delete body[field];
        return { label: `missing ${field}`, body, message: `${field} is required` };
      }),
      fc
        .string({ minLength: 1, maxLength: 10 })
        .filter((k) => !['siteId', 'amount', 'type', 'message', '__proto__'].includes(k))
        .map((extra) => ({
          label: `extra ${extra}`,
          body: { ...valid(), [extra]: 1 },
          message: `property ${extra} should not exist`,
        })),
    );
    await fc.assert(fc.asyncProperty(bad, expectRefused), { numRuns: 120 });
  });

  it('accepts the limits themselves: a 500-character message, a blank message, the whole balance', async () => {
    const edge = ctx.newUser('edge');
    await ctx
      .http()
      .post('/api/stakes')
      .set(edge.headers())
      .send({ siteId: site, amount: 1, type: 'support', message: ` ${'é'.repeat(500)} ` })
      .expect(201);
    await ctx
      .http()
      .post('/api/stakes')
      .set(edge.headers())
      .send({ siteId: site, amount: 1, type: 'concern', message: '' })
      .expect(201);
    const all = await ctx
      .http()
      .post('/api/stakes')
      .set(edge.headers())
      .send({ siteId: site, amount: 998, type: 'support' })
      .expect(201);
    expect(all.body).toMatchObject({ bambooBalance: 0 });
  });
});
