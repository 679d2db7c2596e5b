import { describe, expect, it } from 'vitest';
import { withDefaults } from '../ui-config/api/queries';
import { apiDetails } from './Footer';

describe('footer API details', () => {
  it('shows name, version, environment and instance id; no note when up to date', () => {
    const config = withDefaults({
      name: 'Switchyard',
      version: '0.1.0',
      environment: 'staging',
      versionInfo: { current: { oss: '0.1.0', enterprise: '' }, latest: {}, isLatest: true, instanceId: 'abc' },
    });
    expect(apiDetails(config)).toEqual({
      title: 'Switchyard 0.1.0',
      environment: 'staging',
      upgrade: undefined,
      instanceId: 'abc',
    });
  });

  it('notes an available upgrade for the open-source or enterprise release', () => {
    const oss = withDefaults({ versionInfo: { current: { oss: '4.2.2' }, latest: { oss: '4.3.0' }, isLatest: false } });
    expect(apiDetails(oss).upgrade).toBe('Upgrade available - Latest Open Source release: 4.3.0');
    const ee = withDefaults({
      versionInfo: { current: { enterprise: '4.2.0' }, latest: { enterprise: '4.3.1' }, isLatest: false },
    });
    expect(apiDetails(ee).upgrade).toBe('Upgrade available - Latest Enterprise release: 4.3.1');
  });

  it('tolerates a real Unleash 4.2 ui-config without name or flags', () => {
    const config = withDefaults({ version: '4.2.2', authenticationType: 'open-source' });
    expect(config.flags).toEqual({});
    expect(apiDetails(config).title).toBe('Unleash 4.2.2');
  });
});
