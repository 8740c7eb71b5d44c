import { fakeOf } from '@frenly/testing';
import { gatewayOptions } from '../../test/unit/gateway.factories.js';
import { InstallationRepository } from './installation.repository.js';
import { MetaService } from './meta.service.js';

const INSTALLATION = { id: 'installation-1', createdAt: new Date('2026-01-01T00:00:00.000Z') };

function setup() {
  const installations = fakeOf<InstallationRepository>();
  installations.getOrCreate.mockResolvedValue(INSTALLATION);
  return { sut: new MetaService(installations, gatewayOptions()), installations };
}

describe(MetaService.name, () => {
  it('describes the installation, the mode and the version', async () => {
    const { sut } = setup();
    await sut.onModuleInit();

    await expect(sut.describe()).resolves.toEqual({
      installationId: 'installation-1',
      createdAt: '2026-01-01T00:00:00.000Z',
      mode: 'embedded',
      version: '9.9.9',
    });
  });

  it('reads the installation once, at start', async () => {
    const { sut, installations } = setup();
    await sut.onModuleInit();

    await sut.describe();
    await sut.describe();

    expect(installations.getOrCreate).toHaveBeenCalledTimes(1);
  });

  it('reads it on first request when the module was not initialised', async () => {
    const { sut, installations } = setup();

    await expect(sut.describe()).resolves.toMatchObject({ installationId: 'installation-1' });
    expect(installations.getOrCreate).toHaveBeenCalledTimes(1);
  });
});
