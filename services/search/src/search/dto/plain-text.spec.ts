import { isPlainText } from './plain-text.js';

describe(isPlainText.name, () => {
  it.each(['climate change', 'café crème', 'emoji 🌱 ok', '日本語', 'c++ & "quotes"'])(
    'accepts %j',
    (text) => expect(isPlainText(text)).toBe(true),
  );

  it.each([
    'a\u0000b',
    'a\tb',
    'a\nb',
    'a\u001Fb',
    'a\u007Fb',
    'a\u0085b',
    'a\uD800b',
    'a\uDC00',
    '\uD83C',
  ])('refuses %j', (text) => expect(isPlainText(text)).toBe(false));
});
