#!/usr/bin/env node
// Generates the labelled shop-text set (dataset.jsonl) from template families and vocabulary.
// Deterministic: a seeded PRNG, so running it again gives the same bytes.
//   node services/analysis/src/pipeline/dark-patterns/dataset/generate.mjs
// Labels follow LABELLING.md. Each line: { id, text, categories, family, split }.
// The split is by template family (never by line), so the phrasings of the test split are
// never seen while the rules are written against the train split.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';

let seed = 20261127;
function random() {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const pad = (n) => String(n).padStart(2, '0');

const PRODUCTS = [
  'linen shirt',
  'wool scarf',
  'running shoes',
  'desk lamp',
  'ceramic mug set',
  'wireless earbuds',
  'yoga mat',
  'leather wallet',
  'rain jacket',
  'cast-iron pan',
  'gaming chair',
  'face serum',
  "kids' backpack",
  'smart watch',
  'duvet cover',
  'espresso machine',
  'denim jacket',
  'hiking boots',
  'phone case',
  'bamboo towels',
];
const NAMES = [
  'Sarah',
  'Tom',
  'Priya',
  'Lukas',
  'Emma',
  'Carlos',
  'Aisha',
  'Mei',
  'Jonas',
  'Olivia',
  'Noah',
  'Fatima',
  'Liam',
  'Chloe',
  'Mateo',
  'Hannah',
  'Ravi',
  'Sofia',
];
const CITIES = [
  'Leeds',
  'Berlin',
  'Austin',
  'Lyon',
  'Melbourne',
  'Toronto',
  'Madrid',
  'Dublin',
  'Portland',
  'Glasgow',
  'Denver',
  'Rotterdam',
  'Cork',
  'San Diego',
  'New York',
];
const PRICES = [
  '$4.99',
  '£2.50',
  '€3.95',
  '$14.99',
  '£9.99',
  '€19',
  '$1',
  '£39.95',
  '$54.95',
  '€7.50',
];
const SALES = [
  'Sale',
  'Offer',
  'Deal',
  'Flash sale',
  'Discount',
  'This price',
  'Promotion',
  'Black Friday sale',
  'Summer sale',
  'Special offer',
];
const PCT = ['10', '15', '20', '25', '30', '40', '50', '60', '70'];
const ADDONS = [
  'travel insurance',
  'a 2-year protection plan',
  'an extended warranty',
  'gift wrapping',
  'priority handling',
  'a magazine subscription',
  'screen protection cover',
  'premium support',
  'a carbon offset',
  'damage protection',
];
const CLUBS = [
  'VIP',
  'Plus',
  'Insider',
  'Premium',
  'Gold',
  'Beauty Club',
  'Rewards+',
  'Prime Saver',
];
const MEMBERSHIPS = [
  'membership',
  'subscription',
  'plan',
  'account',
  'contract',
  'VIP membership',
  'gym membership',
  'box subscription',
];
const FEES = [
  'service',
  'booking',
  'processing',
  'handling',
  'convenience',
  'admin',
  'resort',
  'platform',
  'cleaning',
];
const PHONES = [
  '1-866-555-0142',
  '0800 123 4567',
  '+44 20 7946 0018',
  '(555) 010-2288',
  '01632 960 123',
];
const PRAISE = [
  'Best purchase I have ever made!',
  'Absolutely life-changing!',
  'I will never buy anywhere else!',
  'Changed my life, 10/10!',
  'Amazing quality, I cried when it arrived!',
  'Worth every penny, buy it now!',
  'The best product on the planet!',
  'My skin has never looked better!',
  'Incredible. Just incredible.',
  'I bought five more for my family!',
];
const time = () => `${pad(int(0, 23))}:${pad(int(0, 59))}:${pad(int(0, 59))}`;
const mmss = () => `${pad(int(1, 15))}:${pad(int(0, 59))}`;
const cap = (s) => s[0].toUpperCase() + s.slice(1);

// [family id, categories, template generator, how many to draw]
const U = ['urgency'];
const S = ['scarcity'];
const P = ['social-proof'];
const M = ['misdirection'];
const O = ['obstruction'];
const K = ['sneaking'];
const F = ['forced-action'];
const N = [];

const FAMILIES = [
  // ——— urgency ———
  [
    'u-countdown',
    U,
    () =>
      `${pick(SALES)} ${pick(['ends in', 'expires in', 'ending in', 'ends in:'])} ${pick([time(), `${int(1, 23)}h ${int(1, 59)}m ${int(1, 59)}s`, `${int(1, 9)} hours`, `${int(2, 59)} minutes`, `${int(1, 3)} days ${int(1, 23)} hours`])}`,
    30,
  ],
  [
    'u-limited-time',
    U,
    () =>
      pick([
        `Limited time offer: ${pick(PCT)}% off ${pick(PRODUCTS)}s`,
        `Limited-time only! ${pick(PCT)}% off everything`,
        `For a limited time only — ${pick(PRODUCTS)} at ${pick(PRICES)}`,
        `LIMITED TIME! Save ${pick(PCT)}%`,
        `Limited time deal on ${pick(PRODUCTS)}s`,
        `This price is only available for a limited time`,
        `Limited Time!`,
      ]),
    25,
  ],
  [
    'u-today',
    U,
    () =>
      pick([
        `Today only: ${pick(PCT)}% off ${pick(PRODUCTS)}s`,
        `${pick(SALES)} ends tonight!`,
        `${pick(SALES)} ends at midnight`,
        `Today only — free shipping on everything`,
        `Ends today! ${pick(PCT)}% off sitewide`,
        `Only today: ${pick(PRODUCTS)} for ${pick(PRICES)}`,
        `Last day of the ${pick(['sale', 'offer', 'deal'])}!`,
      ]),
    25,
  ],
  [
    'u-hurry',
    U,
    () =>
      pick([
        `Hurry, ${pick(SALES).toLowerCase()} ends soon!`,
        `Hurry! Prices go back up on Monday`,
        `Don't miss out — ${pick(PCT)}% off ends soon`,
        `Last chance to save ${pick(PCT)}%!`,
        `Last chance to grab your ${pick(PRODUCTS)}`,
        `Don't wait — this deal won't last!`,
        `Quick! ${pick(SALES)} ending soon`,
        `Hurry up, offer ends soon!`,
      ]),
    25,
  ],
  [
    'u-reserved',
    U,
    () =>
      pick([
        `Your cart is reserved for ${mmss()} minutes!`,
        `Your order is reserved for ${mmss()} minutes!`,
        `Items in your basket are reserved for ${int(5, 20)} minutes`,
        `Complete your order within ${mmss()} to keep your discount`,
        `We're holding your seats for ${mmss()}`,
        `Checkout in the next ${int(5, 15)} minutes to secure this price`,
      ]),
    22,
  ],
  [
    'u-hours-left',
    U,
    () =>
      pick([
        `Only ${int(2, 12)} hours left to get ${pick(PCT)}% off`,
        `${int(2, 48)} hours left! Order now`,
        `Price goes up in ${int(1, 9)} hours`,
        `Just ${int(2, 30)} minutes left to claim your discount`,
        `Only ${int(1, 3)} days left to save`,
        `Your discount expires in ${int(2, 59)} minutes`,
      ]),
    22,
  ],
  [
    'u-act-now',
    U,
    () =>
      pick([
        `Act now before prices go up!`,
        `Buy now before it's too late`,
        `Now or never: ${pick(PCT)}% off`,
        `Order now — this offer won't come back`,
        `Act fast! Offer ends soon`,
        `Grab it before it's gone forever`,
      ]),
    16,
  ],
  // ——— scarcity ———
  [
    's-only-left',
    S,
    () =>
      pick([
        `Only ${int(1, 9)} left in stock`,
        `Only ${int(1, 5)} left!`,
        `Just ${int(1, 6)} left`,
        `${int(1, 9)} left in stock — order soon`,
        `Only ${pick(['one', 'two', 'three', 'four'])} left`,
        `Only ${int(1, 4)} left in your size`,
        `${int(1, 5)} items left`,
      ]),
    30,
  ],
  [
    's-low-stock',
    S,
    () =>
      pick([
        `Low stock`,
        `Limited stock!`,
        `Stock running low`,
        `Almost sold out`,
        `Almost gone!`,
        `Very limited stock available`,
        `Low in stock — get yours now`,
        `Running out fast`,
        `Stock is very low`,
      ]),
    20,
  ],
  [
    's-fewer-than',
    S,
    () =>
      pick([
        `Fewer than ${int(2, 10)} left!`,
        `Less than ${int(2, 10)} remaining`,
        `Last ${int(2, 5)} items!`,
        `Last one!`,
        `Only a few left`,
        `Only a handful left in stock`,
        `Under ${int(3, 10)} left`,
      ]),
    22,
  ],
  [
    's-high-demand',
    S,
    () =>
      pick([
        `In high demand`,
        `Selling fast!`,
        `Selling out quickly`,
        `Popular item — selling fast`,
        `This item sells out quickly`,
        `High demand: ${pick(PRODUCTS)}s are flying off the shelves`,
        `Hot item! Selling fast`,
        `Nearly sold out due to high demand`,
      ]),
    22,
  ],
  [
    's-travel',
    S,
    () =>
      pick([
        `Only ${int(1, 4)} rooms left at this price`,
        `Only ${int(1, 6)} seats left at this fare`,
        `Just ${int(1, 9)} tickets remaining`,
        `${int(1, 3)} rooms left on our site`,
        `Only ${int(1, 5)} spots left for this class`,
      ]),
    20,
  ],
  [
    's-claimed',
    S,
    () =>
      pick([
        `${int(60, 97)}% claimed`,
        `${int(60, 97)}% sold`,
        `Nearly ${int(70, 95)}% claimed — grab yours`,
        `${int(70, 99)}% of stock sold`,
      ]),
    12,
  ],
  [
    'us-hurry-stock',
    [...S, ...U],
    () =>
      pick([
        `Hurry! Only ${int(1, 5)} left`,
        `Hurry, only ${int(1, 5)} left in stock!`,
        `Only ${int(1, 4)} left — ${pick(SALES).toLowerCase()} ends tonight!`,
        `Almost gone! Offer ends in ${time()}`,
        `Last chance: only ${int(1, 3)} left`,
        `Don't miss out, only ${int(2, 5)} left!`,
        `Selling fast — ends today`,
      ]),
    22,
  ],
  // ——— social proof ———
  [
    'p-just-bought',
    P,
    () =>
      pick([
        `${pick(NAMES)} from ${pick(CITIES)} just bought a ${pick(PRODUCTS)}`,
        `${pick(NAMES)} in ${pick(CITIES)} purchased this ${int(2, 59)} minutes ago`,
        `Someone in ${pick(CITIES)} just ordered this`,
        `${pick(NAMES)} ${pick(['K.', 'M.', 'S.', 'T.'])} from ${pick(CITIES)} just purchased`,
        `Someone from ${pick(CITIES)} bought ${pick(PRODUCTS)}s ${int(2, 20)} minutes ago`,
      ]),
    30,
  ],
  [
    'p-viewing',
    P,
    () =>
      pick([
        `${int(2, 60)} people are viewing this right now`,
        `${int(2, 40)} others are looking at this`,
        `${int(2, 30)} people have this in their basket`,
        `${int(3, 90)} shoppers are looking at this product`,
        `${int(2, 9)} people are looking right now`,
        `${int(2, 25)} people are watching this item`,
        `${int(3, 50)} people have this in their cart`,
      ]),
    28,
  ],
  [
    'p-period',
    P,
    () =>
      pick([
        `${int(20, 900)} people bought this in the last ${int(2, 48)} hours`,
        `${int(20, 500)} sold in the last ${int(2, 24)} hours`,
        `Booked ${int(5, 60)} times today`,
        `${int(30, 400)} people signed up today`,
        `${int(10, 200)} orders in the past 24 hours`,
        `${int(5, 90)} people added this to their cart in the last hour`,
      ]),
    26,
  ],
  [
    'p-testimonial',
    P,
    () =>
      pick([
        `“${pick(PRAISE)}” — ${pick(NAMES)} ${pick(['K.', 'M.', 'R.', 'B.'])}`,
        `"${pick(PRAISE)}" - A happy customer`,
        `${pick(PRAISE)} – Satisfied customer`,
        `“${pick(PRAISE)}” – ${pick(NAMES)}, ${pick(CITIES)}`,
        `"${pick(PRAISE)}" — Real customer`,
      ]),
    24,
  ],
  [
    'ps-viewing-stock',
    [...P, ...S],
    () => `${int(5, 40)} people are viewing this — only ${int(1, 4)} left`,
    10,
  ],
  // ——— misdirection ———
  [
    'm-confirmshame-save',
    M,
    () =>
      pick([
        `No thanks, I don't want to save money`,
        `No, I prefer paying full price`,
        `I'LL PAY FULL PRICE`,
        `No thanks, I'd rather pay full price`,
        `No, I don't like discounts`,
        `No thanks, I'm not interested in saving ${pick(PCT)}%`,
        `No, I don't want free shipping`,
        `No thanks, I like paying more`,
        `I'll pass on the savings`,
        `No thanks, I hate free stuff`,
        `No, I don't want ${pick(PCT)}% off`,
      ]),
    30,
  ],
  [
    'm-confirmshame-self',
    M,
    () =>
      pick([
        `No thanks, I don't care about my health`,
        `No, I'll stay uninformed`,
        `I'd rather miss out`,
        `No thanks, I don't want to look my best`,
        `No, I don't want to be in the know`,
        `No thanks, I enjoy being bored`,
        `No, leave my device unprotected`,
        `I'll risk it`,
        `No thanks, I don't like good news`,
        `No, I don't want better sleep`,
      ]),
    24,
  ],
  [
    'm-trick',
    M,
    () =>
      pick([
        `Uncheck this box if you do not wish to receive our offers`,
        `Leave this box unchecked if you would prefer not to hear from our partners`,
        `Do not check this box if you would not like to receive marketing emails`,
        `Tick this box if you don't want us not to send you offers`,
        `Untick if you would rather not receive updates from selected partners`,
        `Check this box if you do not want your details shared with third parties`,
        `If you do not wish to not receive our newsletter, leave this unticked`,
      ]),
    22,
  ],
  [
    'm-pressure',
    M,
    () =>
      pick([
        `Don't leave your order unprotected — add ${pick(ADDONS)}`,
        `Are you sure? You'll lose your ${pick(PCT)}% discount`,
        `Wait! Don't miss out on your discount`,
        `Most customers add ${pick(ADDONS)}`,
        `${int(70, 98)}% of shoppers add ${pick(ADDONS)}`,
        `Are you sure you want to leave without your free gift?`,
        `Continue without protection (not recommended)`,
        `Skip (not recommended)`,
        `Don't risk it — protect your purchase now`,
      ]),
    24,
  ],
  // ——— obstruction ———
  [
    'o-call',
    O,
    () =>
      pick([
        `To cancel your ${pick(MEMBERSHIPS)}, please call ${pick(PHONES)} during business hours`,
        `You may cancel your ${pick(MEMBERSHIPS)} at any time by calling ${pick(PHONES)}`,
        `To cancel, call our customer care team on ${pick(PHONES)}`,
        `Cancel your ${pick(MEMBERSHIPS)} by phoning ${pick(PHONES)}, Mon–Fri 9–5`,
        `Cancellations can only be made by telephone`,
      ]),
    26,
  ],
  [
    'o-writing',
    O,
    () =>
      pick([
        `Cancellations must be made in writing by post`,
        `Cancellation requests are only accepted by phone`,
        `Cancellation is only possible by registered letter`,
        `To cancel, send a signed letter to our head office`,
        `Cancellation must be requested by mail`,
        `We only accept cancellations sent by post to our registered address`,
      ]),
    20,
  ],
  [
    'o-in-person',
    O,
    () =>
      pick([
        `To cancel, visit one of our clubs in person`,
        `Memberships can only be cancelled in person at your home club`,
        `Cancel your ${pick(MEMBERSHIPS)} in store with a valid photo ID`,
        `To end your contract, please visit a branch`,
      ]),
    16,
  ],
  [
    'o-notice',
    O,
    () =>
      pick([
        `Cancellation requires ${int(30, 90)} days' written notice`,
        `You must give ${int(30, 90)} days' notice in writing to cancel`,
        `Cancelling requires ${int(1, 3)} months' written notice before renewal`,
        `Cancellation requests must be received in writing at least ${int(30, 60)} days before your renewal date`,
      ]),
    16,
  ],
  [
    'o-retention',
    O,
    () =>
      pick([
        `To cancel your ${pick(MEMBERSHIPS)}, chat with our retention team`,
        `To delete your account, email support with a copy of your ID`,
        `To close your account, contact customer service by phone`,
        `Cancellation is not available online. Please contact us`,
        `Online cancellation is not possible; please call us`,
        `To unsubscribe from the ${pick(CLUBS)} ${pick(MEMBERSHIPS)}, write to customer services`,
      ]),
    18,
  ],
  // ——— sneaking ———
  [
    'k-fee',
    K,
    () =>
      pick([
        `A ${pick(FEES)} fee will be added at checkout`,
        `${cap(pick(FEES))} fee of ${pick(PRICES)} applies at checkout`,
        `${cap(pick(FEES))} fees will be added on the final step`,
        `Price excludes ${pick(FEES)} fee, added at payment`,
        `Additional fees apply at checkout`,
        `+ ${pick(FEES)} fee charged at the payment page`,
        `Prices shown do not include the mandatory ${pick(FEES)} fee`,
        `Extra charges will be added during checkout`,
      ]),
    26,
  ],
  [
    'k-subscription',
    K,
    () =>
      pick([
        `By placing your order you'll be enrolled in our ${pick(CLUBS)} membership for ${pick(PRICES)}/month`,
        `Your order includes a free trial of ${pick(CLUBS)}, which then renews at ${pick(PRICES)} per month`,
        `Free gift with purchase — you'll be automatically signed up to ${pick(CLUBS)} (${pick(PRICES)}/month)`,
        `After ${int(7, 30)} days your free sample becomes a monthly subscription at ${pick(PRICES)}`,
        `By completing your purchase you agree to join ${pick(CLUBS)} for ${pick(PRICES)} a month`,
        `Your one-time purchase includes automatic enrolment in ${pick(CLUBS)} at ${pick(PRICES)}/month`,
      ]),
    26,
  ],
  [
    'k-basket',
    K,
    () =>
      pick([
        `We've added ${pick(ADDONS)} to your basket`,
        `${cap(pick(ADDONS))} has been added to your order`,
        `A ${pick(PRICES)} donation has been added to your cart`,
        `${cap(pick(ADDONS))} (${pick(PRICES)}) added automatically`,
        `We've included ${pick(ADDONS)} for ${pick(PRICES)} — remove it if you don't want it`,
        `${cap(pick(ADDONS))} was added to your basket for ${pick(PRICES)}`,
      ]),
    26,
  ],
  // ——— forced action ———
  [
    'f-account',
    F,
    () =>
      pick([
        `Create an account to continue`,
        `You must create an account to checkout`,
        `Sign up to see prices`,
        `Register to view this offer`,
        `Log in to see the price`,
        `Please register to complete your purchase`,
        `An account is required to place an order`,
        `Guest checkout is not available. Please sign in`,
        `Sign in to continue reading`,
        `Join now to unlock member prices and checkout`,
      ]),
    28,
  ],
  [
    'f-email',
    F,
    () =>
      pick([
        `Enter your email to continue`,
        `Enter your email address to see your discount`,
        `Provide your phone number to view the offer`,
        `Enter your email to unlock this page`,
        `Give us your email to continue browsing`,
      ]),
    16,
  ],
  [
    'f-app',
    F,
    () =>
      pick([
        `Download our app to continue`,
        `Install the app to view this deal`,
        `This offer is only available in our app — download it to continue`,
        `Open in the app to see the price`,
      ]),
    14,
  ],
  [
    'f-consent',
    F,
    () =>
      pick([
        `Accept all cookies to continue shopping`,
        `You must agree to receive marketing emails to create an account`,
        `By signing up you agree to receive promotional texts`,
        `To check out, you must opt in to our newsletter`,
        `Subscribing to marketing messages is required to complete your order`,
      ]),
    16,
  ],

  // ——— ordinary shop text (deliberately close to the boundary) ———
  [
    'n-delivery',
    N,
    () =>
      pick([
        `Order by ${int(1, 5)}pm for next-day delivery`,
        `Order within ${int(1, 5)} hrs ${int(1, 59)} mins for delivery tomorrow`,
        `Delivery in ${int(2, 4)}–${int(5, 7)} working days`,
        `Free delivery on orders over ${pick(PRICES)}`,
        `Ships within 24 hours`,
        `Orders placed before ${int(1, 4)}pm ship the same day`,
        `Express delivery available at checkout`,
        `Estimated delivery: ${pick(['Tue', 'Wed', 'Thu'])} ${int(2, 28)} May`,
        `Christmas delivery: last order date ${int(18, 21)} December`,
      ]),
    40,
  ],
  [
    'n-dates',
    N,
    () =>
      pick([
        `${pick(SALES)} runs until ${int(1, 28)} March`,
        `Offer valid until 31/12 while supplies last`,
        `Our winter sale starts on 26 December`,
        `The offer ends on Sunday ${int(1, 28)} April at 23:59`,
        `Valid on orders placed between 1 and 14 June`,
        `Sale prices valid until stock runs out`,
        `Promotion period: 1–31 October`,
      ]),
    30,
  ],
  [
    'n-time-words',
    N,
    () =>
      pick([
        `Last updated ${int(2, 9)} hours ago`,
        `Prep time: ${int(5, 30)} min`,
        `Opening hours: 9:00–17:30`,
        `Battery lasts up to ${int(8, 40)} hours`,
        `Read time: ${int(3, 12)} minutes`,
        `Cook for ${int(10, 40)} minutes at 180°C`,
        `Lifetime warranty`,
        `2-year limited warranty`,
        `Limited edition of ${int(100, 900)} prints`,
        `Time-saving design`,
        `Quick checkout with saved cards`,
        `No need to hurry: your basket is saved for 30 days`,
        `Deal of the week archive`,
      ]),
    40,
  ],
  [
    'n-stock',
    N,
    () =>
      pick([
        `In stock`,
        `In stock — ships today`,
        `Out of stock`,
        `Only available in ${pick(['blue', 'black', 'oak', 'sage green'])}`,
        `Available in ${int(2, 8)} colours`,
        `Back in stock`,
        `Notify me when available`,
        `Only ${pick(PRICES)}`,
        `Only the finest ingredients`,
        `Sold out`,
        `Pre-order now, ships in May`,
        `Left-handed version available`,
        `One size fits most`,
        `Available in-store only`,
        `Stock levels are updated hourly`,
        `Only ${pick(PRICES)} for two`,
        `Only natural materials, nothing else`,
        `Left and right earbuds sold separately`,
      ]),
    45,
  ],
  [
    'n-reviews',
    N,
    () =>
      pick([
        `${int(1, 5)}.${int(0, 9)} out of 5 stars (${int(3, 2000)} reviews)`,
        `${int(2, 400)} reviews`,
        `Read all reviews`,
        `Customers also bought`,
        `Bestseller`,
        `Write a review`,
        `Trusted by over ${int(1, 5)} million customers since ${int(1990, 2015)}`,
        `Rated Excellent on Trustpilot`,
        `Top rated`,
        `Verified purchase: “Great fit, true to size” — ${pick(NAMES)} ${pick(['K.', 'M.'])}`,
        `${pick(NAMES)} from our ${pick(CITIES)} store recommends pairing it with ${pick(PRODUCTS)}s`,
        `Designed in ${pick(CITIES)}, made in Portugal`,
        `Ask a question`,
        `Most popular`,
        `Join ${int(2, 90)},000 readers of our newsletter`,
        `Customer photos (${int(2, 80)})`,
        `${int(60, 99)}% of reviewers recommend this product`,
      ]),
    50,
  ],
  [
    'n-choices',
    N,
    () =>
      pick([
        `No thanks`,
        `No, thank you`,
        `Maybe later`,
        `Skip`,
        `Close`,
        `Continue shopping`,
        `Not now`,
        `Unsubscribe`,
        `Tick this box to receive our newsletter`,
        `I agree to the terms and conditions`,
        `Keep me signed in`,
        `I don't have an account`,
        `I don't know my size — see the size guide`,
        `Don't have an account? Sign up`,
        `Don't see your size? Contact us`,
        `Add a protection plan for ${pick(PRICES)} (optional)`,
        `I'd like to receive offers by email`,
        `Check this box if you want a gift receipt`,
        `No thanks, take me back`,
        `No, continue to checkout`,
        `I don't need a bag`,
        `I'll decide later`,
      ]),
    50,
  ],
  [
    'n-cancel',
    N,
    () =>
      pick([
        `Cancel anytime from your account page`,
        `Cancel online in two clicks`,
        `You can cancel your ${pick(MEMBERSHIPS)} online at any time`,
        `Questions? Call us on ${pick(PHONES)}`,
        `Unsubscribe at any time using the link in our emails`,
        `Free returns within ${pick(['14', '30', '60'])} days`,
        `Manage your ${pick(MEMBERSHIPS)} in Settings`,
        `To cancel an order, go to My orders and choose Cancel`,
        `Call us to place an order by phone`,
        `Our phone lines are open 9–5, Monday to Friday`,
        `Pause or skip a delivery anytime`,
        `You can cancel by phone on ${pick(PHONES)} or online in your account`,
        `Cancellation is free up to 24 hours before check-in`,
        `Write to us at hello@example.com`,
      ]),
    45,
  ],
  [
    'n-costs',
    N,
    () =>
      pick([
        `Shipping calculated at checkout`,
        `Taxes included. Shipping calculated at checkout.`,
        `Free shipping on orders over ${pick(PRICES)}`,
        `Added to cart`,
        `${cap(pick(PRODUCTS))} has been added to your basket`,
        `Free ${int(7, 30)}-day trial, then ${pick(PRICES)}/month. Cancel anytime.`,
        `Subscription renews monthly; cancel anytime in your account`,
        `All prices include VAT`,
        `Add gift wrap for ${pick(PRICES)}`,
        `Add a donation?`,
        `Total includes a ${pick(PRICES)} service fee`,
        `Subscribe & save ${pick(PCT)}%`,
        `Prices include all fees`,
        `No hidden fees`,
        `The booking fee of ${pick(PRICES)} is shown in the price`,
        `Import duties are included in the price`,
      ]),
    50,
  ],
  [
    'n-account',
    N,
    () =>
      pick([
        `Sign in`,
        `Sign in to view your orders`,
        `Create an account to track your orders faster`,
        `Check out as guest`,
        `Continue as guest`,
        `Register for our newsletter`,
        `Have an account? Log in`,
        `Download our app for exclusive deals`,
        `Sign up for ${pick(PCT)}% off your first order`,
        `Log in to save items to your wishlist`,
        `Members earn points on every order`,
        `Create an account (optional)`,
        `Sign in or check out as a guest`,
        `Get the app`,
        `Accept cookies`,
        `Manage cookie preferences`,
      ]),
    45,
  ],
  [
    'n-product',
    N,
    () =>
      pick([
        `${cap(pick(PRODUCTS))} — ${pick(PRICES)}`,
        `Machine washable at 30°C`,
        `Made from ${int(50, 100)}% recycled materials`,
        `Size guide`,
        `Pillowcases &amp; Shams`,
        `New arrivals every season`,
        `Sale: ${pick(PCT)}% off selected colours`,
        `${pick(PCT)}% off ${pick(PRODUCTS)}s`,
        `Save ${pick(PRICES)} when you buy two`,
        `Handmade in ${pick(CITIES)}`,
        `Care instructions`,
        `Free gift wrapping on request`,
        `Bundle and save`,
        `Clearance`,
        `Members get early access to our sales`,
        `Hurricane-proof shutters`,
        `Don't forget your charger — sold separately`,
        `Frequently bought together`,
      ]),
    60,
  ],
  [
    'n-store',
    N,
    () =>
      pick([
        `${cap(pick(PRODUCTS))} ships from ${pick(CITIES)} in ${int(1, 5)} days`,
        `Free returns on ${pick(PRODUCTS)}s within 30 days`,
        `Pick up your ${pick(PRODUCTS)} at our ${pick(CITIES)} store`,
        `Buy 2 ${pick(PRODUCTS)}s, get ${pick(PCT)}% off`,
        `${pick(PCT)}% off ${pick(PRODUCTS)}s for members`,
        `${cap(pick(PRODUCTS))}: ${int(2, 9)} colours, ${int(2, 6)} sizes`,
        `Our ${pick(CITIES)} team packs every ${pick(PRODUCTS)} by hand`,
        `${cap(pick(PRODUCTS))} is back with a new design`,
      ]),
    60,
  ],
];

function stableHash(text) {
  return createHash('sha256').update(text).digest().readUInt32BE(0);
}

// Surface forms: the ways shops write the same words (and the way the old scanner split them).
function surface(text) {
  const roll = random();
  if (roll < 0.4) return text;
  if (roll < 0.55)
    return text
      .replace(/'/g, '’')
      .replace(/"([^"]*)"/g, '“$1”')
      .replace(/ - /g, ' – ');
  if (roll < 0.68)
    return text
      .replace(/'/g, pick(['&#39;', '&rsquo;', '&#x27;', '&#8217;']))
      .replace(/ — /g, ' &mdash; ')
      .replace(/"/g, '&quot;');
  if (roll < 0.76) return text.replace(/'/g, " ' ").replace(/’/g, ' ’ ').replace(/!/g, ' !');
  if (roll < 0.86) return text.toUpperCase();
  if (roll < 0.92) return text.toLowerCase();
  return text.replace(/ /, '&nbsp;');
}

const rows = [];
const seen = new Set();
for (const [family, categories, generate, count] of FAMILIES) {
  let made = 0;
  for (let attempt = 0; made < count && attempt < count * 40; attempt++) {
    const text = surface(generate());
    if (seen.has(text)) continue;
    seen.add(text);
    rows.push({ family, categories, text });
    made++;
  }
}

// Split by family: about 30% of each category's families (and of the ordinary ones) go to test,
// chosen by hash so the choice is stable; at least one family per group.
const groups = new Map();
for (const [family, categories] of FAMILIES) {
  const key = categories[0] ?? 'ordinary';
  groups.set(key, [...(groups.get(key) ?? []), family]);
}
const testFamilies = new Set();
for (const families of groups.values()) {
  const ordered = [...families].sort((a, b) => stableHash(a) - stableHash(b));
  const take = Math.max(1, Math.round(families.length * 0.3));
  for (const family of ordered.slice(0, take)) testFamilies.add(family);
}

const lines = rows.map((row, index) =>
  JSON.stringify({
    id: `dp-${String(index + 1).padStart(4, '0')}`,
    text: row.text,
    categories: row.categories,
    family: row.family,
    split: testFamilies.has(row.family) ? 'test' : 'train',
  }),
);
writeFileSync(new URL('./dataset.jsonl', import.meta.url), `${lines.join('\n')}\n`);
const manipulative = rows.filter((row) => row.categories.length > 0).length;
console.log(
  `${rows.length} texts: ${manipulative} manipulative, ${rows.length - manipulative} ordinary; test families: ${[...testFamilies].sort().join(', ')}`,
);
