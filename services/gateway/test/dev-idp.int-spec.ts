// The development identity provider is for development only: it refuses production however it is reached.
import type { NestExpressApplication } from '@nestjs/platform-express';
import { commonVars, ConfigError, loadConfig } from '@frenly/config';
import { openDatabase, type DatabaseHandle } from '@frenly/db';
import { InProcessEventBus } from '@frenly/events';
import { IdentityTokens, JsonLogger, createServiceApp } from '@frenly/platform';
import { createScratchDatabase, type ScratchDatabase } from '@frenly/testing';
import { identityVars } from '../src/config/gateway.config.js';
import { identitySettingsFrom, type IdentitySettings } from '../src/config/identity-settings.js';
import {
  createDevIdentityProvider,
  DevIdentityProviderRefused,
} from '../src/dev-idp/dev-identity-provider.js';
import { installGatewayEdge } from '../src/edge/install-gateway-edge.js';
import { GatewayModule } from '../src/gateway.module.js';
import { TEST_SECRET } from './support/gateway-harness.js';

const settings = (env: Record<string, string>): IdentitySettings =>
  identitySettingsFrom(
    loadConfig({ NODE_ENV: commonVars.NODE_ENV, ...identityVars }, env),
    { internalUrl: 'http://127.0.0.1:3000' },
    env,
  );

describe('development identity provider in production', () => {
  it('refuses to be created when NODE_ENV=production', async () => {
    const attempt = createDevIdentityProvider({
      issuer: 'http://127.0.0.1:3000/dev-idp',
      nodeEnv: 'production',
      clients: [],
    });
    await expect(attempt).rejects.toBeInstanceOf(DevIdentityProviderRefused);
    await expect(attempt).rejects.toThrow(/refuses to start when NODE_ENV=production/);
  });

  it('is not configured in production unless asked, and asking is refused with a message naming the variable', () => {
    expect(settings({ NODE_ENV: 'production' }).devIdp).toBeUndefined();
    expect(settings({ NODE_ENV: 'production' }).providers).toEqual([]);
    expect(settings({ NODE_ENV: 'development' }).devIdp?.issuer).toBe(
      'http://127.0.0.1:3000/dev-idp',
    );
    expect(() => settings({ NODE_ENV: 'production', FRENLY_DEV_IDP: 'on' })).toThrow(ConfigError);
    expect(() => settings({ NODE_ENV: 'production', FRENLY_DEV_IDP: 'on' })).toThrow(
      /FRENLY_DEV_IDP=on is refused when NODE_ENV=production/,
    );
  });

  describe('an app handed dev-provider settings with NODE_ENV=production anyway', () => {
    let scratch: ScratchDatabase;
    let database: DatabaseHandle;
    let app: NestExpressApplication | undefined;

    beforeAll(async () => {
      scratch = await createScratchDatabase('frenly_devidp');
      database = await openDatabase({
        databaseUrl: scratch.url,
        schemas: ['identity'],
        poolSize: 2,
      });
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await scratch?.drop();
    });

    it('fails to start instead of mounting it', async () => {
      const identity: IdentitySettings = {
        ...settings({ NODE_ENV: 'development' }),
        nodeEnv: 'production',
      };
      const starting = createServiceApp({
        service: 'gateway',
        logger: new JsonLogger({ service: 'gateway', level: 'silent' }),
        modules: [
          GatewayModule.forRoot({
            db: database.db,
            bus: new InProcessEventBus(),
            identityTokens: new IdentityTokens(TEST_SECRET),
            mode: 'embedded',
            version: '0.0.0',
            identity,
            ledgerUrl: 'http://127.0.0.1:9',
          }),
        ],
        configure: (nest) => {
          app = nest;
          return installGatewayEdge(nest);
        },
      });
      await expect(starting).rejects.toThrow(/refuses to start when NODE_ENV=production/);
    });
  });
});
