import { accessibilityChecks } from './accessibility.js';
import { counted, ofTotal, plural } from './check.js';
import { scanPage } from '../scan/page-scanner.js';

describe('words that agree in number', () => {
  it('counts nouns and verbs together', () => {
    expect(plural(1, 'heading')).toBe('1 heading');
    expect(counted(1, 'heading', 'is', 'are')).toBe('1 heading is');
    expect(counted(2, 'heading', 'is', 'are')).toBe('2 headings are');
    expect(counted(0, 'heading', 'is', 'are')).toBe('0 headings are');
    expect(counted(1, 'advertising organisation', 'tracks', 'track')).toBe(
      '1 advertising organisation tracks',
    );
    expect(
      counted(1, 'video or sound', 'starts by itself', 'start by themselves', 'videos or sounds'),
    ).toBe('1 video or sound starts by itself');
    expect(ofTotal(1, 3, 'image', 'has', 'have')).toBe('1 of 3 images has');
    expect(ofTotal(2, 3, 'image', 'has', 'have')).toBe('2 of 3 images have');
    expect(ofTotal(1, 1, 'form field', 'has', 'have')).toBe('1 of 1 form field has');
  });

  it('writes "1 heading is empty", not "1 heading are empty"', () => {
    const checks = accessibilityChecks(
      scanPage(
        '<html lang="en"><body><main><h1>Title</h1><h2></h2><p>Text</p></main></body></html>',
      ),
    );
    expect(checks.find((check) => check.id === 'a11y.empty-heading')?.detail).toBe(
      '1 heading is empty.',
    );
    const two = accessibilityChecks(
      scanPage(
        '<html lang="en"><body><main><h1>Title</h1><h2></h2><h2> </h2></main></body></html>',
      ),
    );
    expect(two.find((check) => check.id === 'a11y.empty-heading')?.detail).toBe(
      '2 headings are empty.',
    );
  });
});
