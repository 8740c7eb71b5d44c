import { sql } from 'drizzle-orm';
import { inlineSql, sqlLiteral } from './sql-script.js';

describe(sqlLiteral.name, () => {
  it('writes text as an escape string whose quotes and backslashes cannot end it', () => {
    expect(sqlLiteral("it's")).toBe("E'it''s'");
    expect(sqlLiteral('a\\')).toBe("E'a\\\\'");
    expect(sqlLiteral("\\'; drop table search.sites; --")).toBe(
      "E'\\\\''; drop table search.sites; --'",
    );
    expect(sqlLiteral('café ✓')).toBe("E'café ✓'");
  });

  it('writes finite numbers as they are and refuses anything else', () => {
    expect(sqlLiteral(300)).toBe('300');
    expect(sqlLiteral(0.25)).toBe('0.25');
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral({})).toThrow();
    expect(() => sqlLiteral('a\u0000b')).toThrow(/NUL/);
  });
});

describe(inlineSql.name, () => {
  it('replaces every placeholder by its literal, ten and more included', () => {
    const values = Array.from({ length: 11 }, (_, i) => `v${i + 1}`);
    const fragment = sql`select ${sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    )}, plainto_tsquery('english'::regconfig, ${"o'hara"})`;
    expect(inlineSql(fragment)).toBe(
      `select ${values.map((value) => `E'${value}'`).join(', ')}, plainto_tsquery('english'::regconfig, E'o''hara')`,
    );
  });
});
