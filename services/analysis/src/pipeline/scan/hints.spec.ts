import { hintOf, hintsOf } from './hints.js';

describe(hintsOf.name, () => {
  it('reads what an element is for from whole class and id words', () => {
    expect(hintsOf({ class: 'cookie-banner js-consent' })).toEqual(['cookie']);
    expect(hintsOf({ id: 'countdownTimer' })).toEqual(['countdown']);
    expect(hintsOf({ class: 'count-down' })).toEqual(['countdown']);
    expect(hintsOf({ class: 'pop-up newsletter' })).toEqual(['modal', 'newsletter']);
    expect(hintsOf({ class: 'low-stock social-proof' })).toEqual(['stock', 'social-proof']);
    expect(hintsOf({ class: 'ad-slot' })).toEqual(['ad']);
  });

  it('does not read parts of words', () => {
    expect(hintsOf({ class: 'header download address' })).toEqual([]);
    expect(hintsOf({ class: 'modality' })).toEqual([]);
    expect(hintsOf({})).toEqual([]);
    expect(hintOf('adventure')).toBeUndefined();
  });
});
