import { BadRequestException } from '@nestjs/common';
import { IsString } from 'class-validator';
import {
  createValidationPipe,
  inheritedNames,
  MAX_INPUT_DEPTH,
  nestsDeeperThan,
} from './validation.js';

class NoteCreateDto {
  @IsString()
  text!: string;
}

const nested = (depth: number): unknown => JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`);

describe(nestsDeeperThan.name, () => {
  it.each([
    [1, 0, false],
    [{}, 0, false],
    [{ a: {} }, 0, true],
    [{ a: { b: [1] } }, 2, false],
    [{ a: { b: [[]] } }, 2, true],
    [nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH, false],
    [nested(MAX_INPUT_DEPTH + 2), MAX_INPUT_DEPTH, true],
  ])('%j deeper than %d: %s', (value, limit, expected) => {
    expect(nestsDeeperThan(value, limit)).toBe(expected);
  });

  it('copes with depths that would overflow a recursive walk', () => {
    expect(nestsDeeperThan(nested(50_000), MAX_INPUT_DEPTH)).toBe(true);
  });
});

describe(inheritedNames.name, () => {
  it('names every property called like a member of Object.prototype, nested ones by path', () => {
    const value = JSON.parse(
      '{"a": 1, "valueOf": 2, "keys": {"auth": "x", "toString": 3}, "list": [{"constructor": 4}], "__proto__": 5}',
    ) as unknown;
    expect(inheritedNames(value)).toEqual([
      '__proto__',
      'keys.toString',
      'list.0.constructor',
      'valueOf',
    ]);
    expect(inheritedNames({ text: 'hello', nested: { ok: [1, 2] } })).toEqual([]);
    expect(inheritedNames('valueOf')).toEqual([]);
  });
});

describe('createValidationPipe', () => {
  const sut = createValidationPipe();
  const asBody = { type: 'body' as const, metatype: NoteCreateDto };

  it('refuses a deeply nested body with a 400 instead of overflowing the stack', async () => {
    const refusal = sut.transform(nested(10_000), asBody);
    await expect(refusal).rejects.toBeInstanceOf(BadRequestException);
    await expect(refusal).rejects.toMatchObject({
      response: {
        code: 'VALIDATION_FAILED',
        message: `The request body nests deeper than ${MAX_INPUT_DEPTH} levels`,
      },
    });
  });

  it.each(['valueOf', 'toString', 'constructor', 'hasOwnProperty', '__proto__'])(
    'refuses an extra property named %s, which the whitelist takes for a declared one',
    async (name) => {
      const body = JSON.parse(`{"text": "hello", "${name}": 1}`) as unknown;
      const refusal = sut.transform(body, asBody);
      await expect(refusal).rejects.toBeInstanceOf(BadRequestException);
      await expect(refusal).rejects.toMatchObject({
        response: { code: 'VALIDATION_FAILED', message: [`property ${name} should not exist`] },
      });
    },
  );

  it('still validates ordinary bodies', async () => {
    await expect(sut.transform({ text: 'hello' }, asBody)).resolves.toBeInstanceOf(NoteCreateDto);
    await expect(sut.transform({ text: 1 }, asBody)).rejects.toBeInstanceOf(BadRequestException);
  });

  it.each([
    [
      'a NUL in a body field',
      { text: 'a\u0000b' },
      asBody,
      'request body field text contains a NUL character',
    ],
    [
      'a lone surrogate in a body field',
      { text: 'a\ud800' },
      asBody,
      'request body field text contains a lone surrogate',
    ],
    [
      'a NUL in a path parameter',
      'a\u0000',
      { type: 'param' as const, data: 'id', metatype: String },
      'path parameter id contains a NUL',
    ],
    [
      'a lone surrogate in a query',
      { q: '\udfff' },
      { type: 'query' as const, metatype: Object },
      'request query field q contains a lone surrogate',
    ],
  ])('refuses %s with a 400 that says so', async (_name, value, metadata, message) => {
    const refusal = sut.transform(value, metadata);
    await expect(refusal).rejects.toBeInstanceOf(BadRequestException);
    await expect(refusal).rejects.toMatchObject({
      response: { code: 'VALIDATION_FAILED', message: expect.stringContaining(message) as unknown },
    });
  });

  it.each([
    ['12', 12],
    ['-3', -3],
    ['0.5', 0.5],
    ['0x190', NaN],
    ['1e3', NaN],
    [' 1', NaN],
    ['1 ', NaN],
    ['01', NaN],
    ['1.0', NaN],
    ['+1', NaN],
    ['-0', NaN],
    ['', NaN],
  ])('turns the number parameter %j into %p (canonical decimal only)', async (text, expected) => {
    await expect(
      sut.transform(text, { type: 'param', data: 'id', metatype: Number }),
    ).resolves.toBe(expected);
  });
});
