import { classifyPreChecked, priceIn } from './pre-checked-options.js';

describe(classifyPreChecked.name, () => {
  it('finds a paid add-on with its price', () => {
    expect(
      classifyPreChecked({ control: 'checkbox', label: ' Add travel insurance  (+€4.99)' }),
    ).toEqual({
      kind: 'paid-add-on',
      control: 'checkbox',
      label: 'Add travel insurance (+€4.99)',
      price: '€4.99',
    });
    expect(
      classifyPreChecked({ control: 'checkbox', label: 'Donate $1 to charity' }),
    ).toMatchObject({ kind: 'paid-add-on', price: '$1' });
  });

  it('finds marketing consent ticked in advance', () => {
    expect(
      classifyPreChecked({ control: 'checkbox', label: 'Send me special offers by email' }),
    ).toMatchObject({ kind: 'marketing', price: null });
  });

  it('takes a selected radio only when it costs money', () => {
    expect(
      classifyPreChecked({ control: 'radio', label: 'Express delivery (+£6.00)' }),
    ).toMatchObject({ kind: 'paid-add-on', control: 'radio', price: '£6.00' });
    expect(classifyPreChecked({ control: 'radio', label: 'Standard delivery (free)' })).toBeNull();
    expect(classifyPreChecked({ control: 'radio', label: 'No insurance' })).toBeNull();
  });

  it('ignores ordinary ticked boxes', () => {
    for (const label of [
      'Remember me',
      'Keep me signed in',
      'Billing address same as shipping',
      '',
    ])
      expect(classifyPreChecked({ control: 'checkbox', label })).toBeNull();
  });
});

describe(priceIn.name, () => {
  it('reads a price in either order and ignores zero', () => {
    expect(priceIn('Gift wrap 2,50 €')).toBe('2,50 €');
    expect(priceIn('Protection plan $19.99/yr')).toBe('$19.99');
    expect(priceIn('Insurance €0.00')).toBeNull();
    expect(priceIn('Insurance included')).toBeNull();
  });
});
