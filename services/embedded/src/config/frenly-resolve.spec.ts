import { ConfigError, loadConfig } from '@frenly/config';
import { analysisConfigSpec, analysisSettingsFromConfig } from '@frenly/analysis';
import { searchSettingsFrom } from '@frenly/search';
import { embeddedConfigSpec } from './embedded.config.js';

const RULES = 'shop.test=127.0.0.1:4001,*.cdn.test=127.0.0.1:4002';

/** FRENLY_RESOLVE reaches every fetcher of the runtimes, and production refuses it at boot. */
describe('FRENLY_RESOLVE in the runtimes', () => {
  it('is handed to the analyzer and the crawler of the embedded runtime', () => {
    const config = loadConfig(embeddedConfigSpec, { FRENLY_RESOLVE: RULES });
    expect(analysisSettingsFromConfig(config).fetchResolve).toEqual([
      'shop.test=127.0.0.1:4001',
      '*.cdn.test=127.0.0.1:4002',
    ]);
    expect(searchSettingsFrom(config).crawl?.resolve).toEqual([
      'shop.test=127.0.0.1:4001',
      '*.cdn.test=127.0.0.1:4002',
    ]);
    expect(analysisSettingsFromConfig(loadConfig(embeddedConfigSpec, {})).fetchResolve).toEqual([]);
  });

  it.each([
    ['embedded', embeddedConfigSpec],
    ['analysis', analysisConfigSpec],
  ])(
    'stops the %s runtime at boot when NODE_ENV=production, naming the variable',
    (_name, spec) => {
      let error: unknown;
      try {
        loadConfig(spec, { NODE_ENV: 'production', FRENLY_RESOLVE: RULES });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toContainEqual(
        expect.stringMatching(
          /^FRENLY_RESOLVE is for tests and benchmarks and is refused when NODE_ENV=production/,
        ),
      );
    },
  );

  it('names a malformed rule', () => {
    expect(() => loadConfig(embeddedConfigSpec, { FRENLY_RESOLVE: 'shop.test' })).toThrow(
      /FRENLY_RESOLVE has an invalid rule "shop.test"/,
    );
  });
});
