import { classifyControl, isConsentText } from './consent-controls.js';

describe(classifyControl.name, () => {
  it.each([
    ['Reject all', 'reject'],
    ['Decline', 'reject'],
    ['Continue without accepting', 'reject'],
    ['Only necessary cookies', 'reject'],
    ['Necessary only', 'reject'],
    ['No thanks', 'reject'],
    ['Tout refuser', 'reject'],
    ['Alle ablehnen', 'reject'],
    ['Accept all', 'accept'],
    ['I agree', 'accept'],
    ['Got it', 'accept'],
    ['Save and accept', 'accept'],
    ['Accept selected', 'accept'],
    ['Manage options', 'settings'],
    ['Cookie settings', 'settings'],
    ['Customise', 'settings'],
    ['Privacy policy', 'other'],
    ['', 'other'],
  ] as const)('%p is %p', (text, kind) => {
    expect(classifyControl(text)).toBe(kind);
  });

  it('never takes an accept control for settings (Frenly clicks settings, never accept)', () => {
    expect(classifyControl('Accept settings')).toBe('accept');
    expect(classifyControl('Allow selection and manage preferences')).toBe('accept');
  });
});

describe(isConsentText.name, () => {
  it('tells a consent banner from another pop-up', () => {
    expect(isConsentText('We use cookies to improve your experience.')).toBe(true);
    expect(isConsentText('We and our partners store and/or access information on a device')).toBe(
      true,
    );
    expect(isConsentText('Join our newsletter and get 10% off')).toBe(false);
  });
});
