import { loadConfig } from '@frenly/config';
import { embeddedConfigSpec } from './embedded.config.js';

describe('embeddedConfigSpec', () => {
  it('listens on loopback unless HOST says otherwise (the development sign-in lets anyone be anyone)', () => {
    expect(loadConfig(embeddedConfigSpec, {}).HOST).toBe('127.0.0.1');
    expect(loadConfig(embeddedConfigSpec, { HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(embeddedConfigSpec.HOST.description).toMatch(/127\.0\.0\.1 = this machine only/);
  });
});
