import { scanPage } from '../scan/page-scanner.js';
import { describeFinding, findManipulativePatterns } from './manipulation.js';

function patternsIn(html: string): string[] {
  return findManipulativePatterns(scanPage(`<html lang="en"><body>${html}</body></html>`)).map(
    (finding) => finding.pattern,
  );
}

describe(findManipulativePatterns.name, () => {
  describe('precision: ordinary shop and site text is never flagged', () => {
    it.each([
      '<button>Add to cart</button>',
      '<h2>Pillowcases &amp; Shams</h2>',
      '<p>Free returns within 30 days.</p>',
      '<p>Only $19.99 for two.</p>',
      '<p>In stock. Ships in 2 days.</p>',
      '<p>Sale: 20% off selected colours.</p>',
      '<p>Limited edition oatmeal linen.</p>',
      '<p>Bestseller</p>',
      '<h2>Customers also bought</h2>',
      '<p>4.8 out of 5 from 1,204 reviews</p>',
      '<button>No thanks</button>',
      '<a href="/signin">Sign in</a>',
      '<a href="/account">Sign in to view your orders</a>',
      '<p>Subscribe &amp; save 10% on refills.</p>',
      '<p>New arrivals every season.</p>',
      '<label><input type="checkbox" checked> Remember me</label>',
      '<label><input type="checkbox"> Send me news about new colours</label>',
      '<label><input type="checkbox" checked> Billing address same as shipping</label>',
      '<p>Gift wrap is available at checkout for $4.</p>',
      '<p>Our prices include taxes; shipping costs are shown before you pay.</p>',
      '<p>You can cancel your subscription online at any time.</p>',
      '<p>Questions? Call us or write to us any time.</p>',
      '<p>There is no need to hurry: returns are free.</p>',
      '<p>Made in Portugal from organic cotton.</p>',
      '<p>Offer valid on orders over $50.</p>',
      '<p>Delivery in 2 days.</p>',
      '<p>Last updated 3 hours ago.</p>',
      '<p>Only the finest linen, woven in Portugal.</p>',
      '<p>Join 10,000 readers of our newsletter.</p>',
      '<p>Time left to read: 5 minutes.</p>',
      '<button>No, thanks. Take me back</button>',
      '<p>Sign in to check out faster, or check out as a guest.</p><button>Sign in to checkout</button>',
      '<div class="timer">Prep time: 10 min</div>',
      '<p>Order by 2pm for next-day delivery</p>',
      '<p>Only available in blue</p>',
      '<p>Cancel anytime from your account page</p>',
      '<p>12 reviews</p>',
      '<p>Shipping calculated at checkout</p>',
      '<a href="/cart">Don&#39;t forget your charger</a>',
      '<button>No, I don&rsquo;t need a bag</button>',
    ])('%s', (html) => {
      expect(patternsIn(html)).toEqual([]);
    });
  });

  describe('recall: each pattern of the taxonomy is found with its evidence', () => {
    it.each([
      ['<div class="countdown">Offer ends in 04:59:12</div>', 'countdown-timer'],
      ['<p>Deal ends in 3 hours</p>', 'countdown-timer'],
      ['<p>Limited-time offer on all sofas</p>', 'limited-time-message'],
      ['<p>Hurry! Only today at this price.</p>', 'limited-time-message'],
      ['<p>Only 3 left in stock</p>', 'low-stock-message'],
      ['<p>Only two rooms left at this price</p>', 'low-stock-message'],
      ['<p>5 items left in stock</p>', 'low-stock-message'],
      ['<p>Almost gone!</p>', 'low-stock-message'],
      ['<p>In high demand - 23 people are viewing this right now</p>', 'high-demand-message'],
      ['<p>Selling fast</p>', 'high-demand-message'],
      ['<p>12 people have this in their cart</p>', 'activity-notification'],
      ['<div>Mark from Berlin just purchased a hoodie</div>', 'activity-notification'],
      ['<div>Someone in New York just bought this</div>', 'activity-notification'],
      ['<p>57 people bought this in the last 24 hours</p>', 'activity-notification'],
      ["<a href='#'>No thanks, I prefer paying full price</a>", 'confirmshaming'],
      ["<button>No, I don't want to save money</button>", 'confirmshaming'],
      ["<button>I'd rather pay full price</button>", 'confirmshaming'],
      ['<p>Uncheck this box if you do not want to receive our offers.</p>', 'trick-question'],
      [
        '<label><input type="checkbox" checked> Yes, send me marketing e-mails and offers from partners</label>',
        'pre-checked-opt-in',
      ],
      [
        '<label><input type="checkbox" checked> Add travel insurance for €12.99</label>',
        'sneak-into-basket',
      ],
      ['<p>A booking fee will be added at checkout.</p>', 'hidden-costs'],
      [
        '<p style="font-size:7px">Your plan renews automatically each year.</p>',
        'visual-interference',
      ],
      ['<p>To cancel your membership, please call us on weekdays.</p>', 'hard-to-cancel'],
      ['<p>Cancellations are only accepted by registered mail.</p>', 'hard-to-cancel'],
      ['<p>Create an account to continue reading.</p>', 'forced-enrollment'],
      ['<p>Log in to see the price.</p>', 'forced-enrollment'],
    ])('%s → %s', (html, pattern) => {
      expect(patternsIn(html)).toContain(pattern);
    });
  });

  it('quotes its evidence and counts one occurrence once', () => {
    const findings = findManipulativePatterns(
      scanPage('<body><div class="countdown-timer">Sale ends in 01:02:03</div></body>'),
    );
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      pattern: 'countdown-timer',
      category: 'urgency',
      evidence: 'Sale ends in 01:02:03',
    });
  });

  describe('robust to entities, typographic punctuation, case and text split across elements', () => {
    it.each([
      ['<a href="#">No thanks, I don&#39;t want to save money</a>', 'confirmshaming'],
      ['<a href="#">No thanks, I don&rsquo;t want to save money</a>', 'confirmshaming'],
      ['<a href="#">No thanks, I don’t want to save money</a>', 'confirmshaming'],
      ['<a href="#">No thanks, I don<span>’</span>t want to save money</a>', 'confirmshaming'],
      [
        '<a href="#"><span>No thanks,</span> <span>I don</span>&#39;<span>t like discounts</span></a>',
        'confirmshaming',
      ],
      ["<button>I'LL PAY FULL PRICE</button>", 'confirmshaming'],
      ['<p>LIMITED STOCK!</p>', 'low-stock-message'],
      ['<p>Only <strong>2</strong> left in stock</p>', 'low-stock-message'],
      [
        '<div><span class="label">Only 3</span></div><div><span>left!</span></div>',
        'low-stock-message',
      ],
      ['<p>Your order is reserved for 09:45 minutes!</p>', 'countdown-timer'],
      ['<p>2 people are looking right now</p>', 'activity-notification'],
      [
        '<p>You may cancel your VIP membership at any time by calling 1-866-555-0142.</p>',
        'hard-to-cancel',
      ],
      [
        '<p>By placing your order you&rsquo;ll be enrolled in our VIP Club for $39.95/month.</p>',
        'hidden-subscription',
      ],
      ['<p>We’ve added travel insurance (€12.99) to your basket.</p>', 'sneak-into-basket'],
      ['<p>“Best purchase I have ever made!” — Sarah K.</p>', 'testimonial-of-uncertain-origin'],
      ['<button>Continue without protection (not recommended)</button>', 'pressured-selling'],
      ['<p>Guest checkout is not available. Please sign in to check out.</p>', 'forced-enrollment'],
    ])('%s → %s', (html, pattern) => {
      expect(patternsIn(html)).toContain(pattern);
    });
  });

  it('gives a message every category it belongs to, and says so', () => {
    const findings = findManipulativePatterns(scanPage('<body><p>Hurry! Only 2 left</p></body>'));
    expect(findings.map((finding) => finding.pattern).sort()).toEqual([
      'limited-time-message',
      'low-stock-message',
    ]);
    const lowStock = findings.find((finding) => finding.pattern === 'low-stock-message');
    expect(lowStock).toMatchObject({
      category: 'scarcity',
      categories: ['scarcity', 'urgency'],
      evidence: 'Hurry! Only 2 left',
    });
    expect(lowStock && describeFinding(lowStock)).toBe(
      'Scarcity and urgency — Low-stock message: “Hurry! Only 2 left”',
    );
  });

  it('ignores hidden text and scripts', () => {
    expect(
      patternsIn(
        '<p hidden>Only 2 left in stock</p><script>var s = "Only 2 left in stock";</script><template><p>Hurry! Ends today</p></template>',
      ),
    ).toEqual([]);
  });
});
