import { afterEach, describe, expect, it, vi } from 'vitest';
import { configuredRasterLayers } from '../../src/features/wineries/ui/map/map-types';

describe('map raster layers come from configuration', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });
  it.each([
    ['none configured: no layer switch', undefined, undefined, []],
    ['satellite only', 'https://sat.example/{z}/{x}/{y}.jpg', undefined, ['Satellit']],
    [
      'both',
      'https://sat.example/{z}/{x}/{y}.jpg',
      'https://terrain.example/{z}/{x}/{y}.png',
      ['Satellit', 'Gelände'],
    ],
  ])('%s', (_case, satellite, terrain, names) => {
    vi.stubEnv('VITE_SATELLITE_TILES_URL', satellite ?? '');
    vi.stubEnv('VITE_TERRAIN_TILES_URL', terrain ?? '');
    expect(configuredRasterLayers().map((layer) => layer.name)).toEqual(names);
  });
});
