import { readFileSync } from 'node:fs';
import {
  detectManipulativeText,
  detectManipulativeTextInEach,
} from './detect-manipulative-text.js';

function typesIn(...segments: string[]): string[] {
  return [...new Set(detectManipulativeText(segments).map((finding) => finding.type.id))].sort();
}

describe(detectManipulativeText.name, () => {
  describe('finds each type, whatever the spelling', () => {
    it.each([
      ['Limited stock!', 'low-stock-message'],
      ['1 item left', 'low-stock-message'],
      ['Fewer than 5 left!', 'low-stock-message'],
      ['Your order is reserved for 09:45 minutes!', 'countdown-timer'],
      ['2 people are looking right now', 'activity-notification'],
      ['Limited Time!', 'limited-time-message'],
      [
        'You may cancel your VIP membership at any time by calling 1-866-555-0142.',
        'hard-to-cancel',
      ],
      ["I'LL PAY FULL PRICE", 'confirmshaming'],
      ['No thanks, I don&#39;t want to save money', 'confirmshaming'],
      ['No thanks, I don&rsquo;t want to save money', 'confirmshaming'],
      ['No thanks, I don’t want to save money', 'confirmshaming'],
      ["No thanks, I don ' t want to save money", 'confirmshaming'],
      ['NO THANKS, I DON’T LIKE DISCOUNTS', 'confirmshaming'],
      ['Selling fast &mdash; 14 people have this in their basket', 'activity-notification'],
      ['“Changed my life!” — Mia T.', 'testimonial-of-uncertain-origin'],
      [
        'Leave this box unticked if you would prefer not to hear from our partners',
        'trick-question',
      ],
      ['93% of travellers add trip protection', 'pressured-selling'],
      ['A £3.95 booking fee is added at the payment step', 'hidden-costs'],
      [
        'By completing your order you will be enrolled in Beauty Club at $29.99/month',
        'hidden-subscription',
      ],
      ['We’ve added a 3-year protection plan (£49) to your basket', 'sneak-into-basket'],
      ['Guest checkout is not available. Please sign in.', 'forced-enrollment'],
      ['Enter your email to see our prices', 'forced-enrollment'],
    ])('%s → %s', (text, type) => {
      expect(typesIn(text)).toContain(type);
    });
  });

  describe('false friends: ordinary shop text is never flagged', () => {
    it.each([
      'Order by 2pm for next-day delivery',
      'Order within 3 hrs 20 mins for delivery tomorrow',
      'Free returns within 30 days',
      'Only available in blue',
      'Cancel anytime from your account page',
      'You can cancel by phone on 0800 123 4567 or online in your account',
      '12 reviews',
      '4.7 out of 5 (312 reviews)',
      'Shipping calculated at checkout',
      'Total includes a $2.50 service fee',
      'Free 14-day trial, then $9.99/month. Cancel anytime.',
      'Linen shirt has been added to your basket',
      'Duvet cover has been added to your basket',
      'Sign in to view your orders',
      'Log in to save items to your wishlist',
      'No thanks',
      "I don't need a bag",
      'No need to hurry: your basket is saved for 30 days',
      'Hurricane-proof shutters',
      'Left and right earbuds sold separately',
      'Battery lasts up to 30 hours',
      'Limited edition of 200 prints',
      'Verified purchase: “Great fit, true to size” — Anna K.',
      'Sale runs until 14 March',
      'Trusted by 2 million customers since 2004',
    ])('%s', (text) => {
      expect(typesIn(text)).toEqual([]);
    });
  });

  it('gives a message every category it belongs to', () => {
    const [finding, ...others] = detectManipulativeText(['Hurry! Only 2 left']);
    expect([finding, ...others].map((found) => found?.type.id).sort()).toEqual([
      'limited-time-message',
      'low-stock-message',
    ]);
    for (const found of [finding, ...others])
      expect([...(found?.categories ?? [])].sort()).toEqual(['scarcity', 'urgency']);
  });

  it('quotes the normalised text as evidence', () => {
    expect(detectManipulativeText(['No thanks, I don&#39;t want to save money'])[0]).toMatchObject({
      evidence: "No thanks, I don't want to save money",
      categories: ['misdirection'],
      segment: 0,
    });
  });

  it('reads a message split across two elements, but not two unrelated short texts', () => {
    expect(typesIn('Only 2', 'left in stock!')).toEqual(['low-stock-message']);
    expect(typesIn('Offer ends in', '04:59:12')).toEqual(['countdown-timer']);
    expect(typesIn('Size guide', 'Free returns within 30 days')).toEqual([]);
  });

  it('reads pressure wording of banners and buttons only in short messages, not in prose', () => {
    const article =
      'Negotiators in Bonn said on Tuesday that time is running out for a deal on emissions, and that the final days of the talks would decide whether the targets agreed last year survive.';
    expect(typesIn(article)).toEqual([]);
    expect(typesIn('Time is running out!')).toEqual(['limited-time-message']);
  });

  it('takes milliseconds on a large page', () => {
    const segments = Array.from({ length: 3000 }, (_, index) =>
      `Paragraph ${index}: our linen is woven in Portugal, washed soft and cut in Leeds; free returns within 30 days. `.repeat(
        3,
      ),
    );
    const started = performance.now();
    detectManipulativeText(segments);
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('reads a text repeated on the page once, and reports it at every place it occurs', () => {
    const card = 'Hurry! Only 2 left in stock';
    const findings = detectManipulativeText([card, 'Free returns within 30 days', card, card]);
    const alone = detectManipulativeText([card]);
    expect(alone.length).toBeGreaterThan(0);
    expect(findings).toEqual(
      [0, 2, 3].flatMap((segment) => alone.map((finding) => ({ ...finding, segment }))),
    );
  });

  it('quotes at most 140 characters of a long text, around the match', () => {
    const long = `${'Our linen is woven in Portugal from flax grown in Normandy. '.repeat(4)}Only 2 left in stock. ${'We ship worldwide. '.repeat(5)}`;
    const [finding] = detectManipulativeText([long]);
    expect(finding?.evidence.length).toBeLessThanOrEqual(142);
    expect(finding?.evidence).toContain('Only 2 left in stock');
  });
});

describe(detectManipulativeTextInEach.name, () => {
  it('finds in each text exactly what reading that text alone finds (the labelled texts)', () => {
    const texts = readFileSync(new URL('./dataset/dataset.jsonl', import.meta.url), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { text: string }).text);
    const together = detectManipulativeTextInEach(texts);
    const alone = texts.map((text) => detectManipulativeText([text]));
    expect(together).toEqual(alone);
    expect(alone.filter((findings) => findings.length > 0).length).toBeGreaterThan(200);
  });
});
