import { deEmphasis, type ControlStyle } from './control-prominence.js';

const button: ControlStyle = { fontSizePx: 16, contrast: 5.2, areaPx: 160 * 40, filled: true };

describe(deEmphasis.name, () => {
  it('says why a small pale link beside a big filled button is much less visible', () => {
    expect(
      deEmphasis(button, { fontSizePx: 11, contrast: 1.7, areaPx: 30 * 14, filled: false }),
    ).toEqual([
      'text 11px beside 16px',
      'contrast 1.7:1 beside 5.2:1',
      'plain text beside a filled button',
      "7% of the accept button's size",
    ]);
  });

  it('claims nothing for controls drawn alike', () => {
    expect(deEmphasis(button, button)).toEqual([]);
  });

  it('claims nothing on a single difference (a secondary text link is ordinary design)', () => {
    expect(deEmphasis(button, { ...button, filled: false })).toEqual([]);
    expect(deEmphasis(button, { ...button, fontSizePx: 12 })).toEqual([]);
  });
});
