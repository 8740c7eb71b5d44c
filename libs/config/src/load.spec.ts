import { ConfigError, env, loadConfig, commonVars } from './index.js';

describe('loadConfig', () => {
  const spec = {
    PORT: env.port('HTTP port', 3000),
    NAME: env.string('A name'),
    MODE: env.oneOf('Mode', ['a', 'b'] as const, 'a'),
    FEATURE: env.bool('Feature flag', false),
    BROKERS: commonVars.KAFKA_BROKERS,
    DATABASE_URL: commonVars.DATABASE_URL,
  };

  it('applies defaults and parses typed values', () => {
    const config = loadConfig(spec, { NAME: 'x', FEATURE: 'on', BROKERS: '127.0.0.1:9092, b:1' });
    expect(config).toEqual({
      PORT: 3000,
      NAME: 'x',
      MODE: 'a',
      FEATURE: true,
      BROKERS: ['127.0.0.1:9092', 'b:1'],
      DATABASE_URL: undefined,
    });
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every invalid variable in one error', () => {
    let error: unknown;
    try {
      loadConfig(spec, { PORT: 'abc', MODE: 'c', BROKERS: 'nohost', DATABASE_URL: 'mysql://x' });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toContain('PORT must be an integer (got "abc")');
    expect(message).toContain('NAME is required');
    expect(message).toContain('MODE must be one of a, b (got "c")');
    expect(message).toContain('BROKERS has an invalid item "nohost"');
    expect(message).toContain('DATABASE_URL must use postgres or postgresql');
  });

  it('rejects out-of-range ports', () => {
    expect(() => loadConfig({ PORT: spec.PORT }, { PORT: '70000' })).toThrow(
      'PORT must be between 1 and 65535',
    );
  });
});
