import { BadRequestException } from '@nestjs/common';
import { IsString } from 'class-validator';
import { createValidationPipe, MAX_INPUT_DEPTH, nestsDeeperThan } from './validation.js';

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

  it('still validates ordinary bodies', async () => {
    await expect(sut.transform({ text: 'hello' }, asBody)).resolves.toBeInstanceOf(NoteCreateDto);
    await expect(sut.transform({ text: 1 }, asBody)).rejects.toBeInstanceOf(BadRequestException);
  });
});
