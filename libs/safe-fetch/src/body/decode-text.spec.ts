import { decodeText, detectEncoding, parseContentType } from './decode-text.js';

describe('decodeText', () => {
  const cafe = Buffer.from([0x63, 0x61, 0x66, 0xe9]); // "café" in windows-1252

  it('parses the MIME essence and charset of a Content-Type', () => {
    expect(parseContentType('Text/HTML; Charset="ISO-8859-1"')).toEqual({
      mimeType: 'text/html',
      charset: 'iso-8859-1',
    });
    expect(parseContentType('application/json')).toEqual({
      mimeType: 'application/json',
      charset: null,
    });
    expect(parseContentType(undefined)).toEqual({ mimeType: null, charset: null });
    expect(parseContentType('nonsense')).toEqual({ mimeType: null, charset: null });
  });

  it('uses the header charset', () => {
    expect(decodeText(cafe, 'text/html; charset=windows-1252')).toBe('café');
  });

  it('falls back to a <meta charset> in the document', () => {
    const html = Buffer.concat([
      Buffer.from('<html><head><meta charset="latin1"></head><body>'),
      cafe,
    ]);
    expect(detectEncoding(html, 'text/html')).toBe('windows-1252');
    expect(decodeText(html, 'text/html')).toContain('café');
  });

  it('reads the http-equiv form of the meta declaration', () => {
    const html = Buffer.from(
      '<meta http-equiv="Content-Type" content="text/html; charset=Shift_JIS">',
    );
    expect(detectEncoding(html, undefined)).toBe('shift_jis');
  });

  it('lets a byte-order mark win over the header', () => {
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('hé', 'utf16le')]);
    expect(decodeText(utf16, 'text/plain; charset=windows-1252')).toBe('hé');
  });

  it('defaults to UTF-8 and ignores labels it does not know', () => {
    expect(decodeText(Buffer.from('héllo'), 'text/plain; charset=x-unknown')).toBe('héllo');
    expect(detectEncoding(Buffer.from('<meta charset="utf-16">'), 'text/html')).toBe('utf-8');
  });
});
