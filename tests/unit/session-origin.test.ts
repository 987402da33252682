import { describe, expect, it } from 'vitest';
import { coarseLocation, deviceLabel } from '../../server/services/sessions';

describe('the device label of a session', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 auf Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Mobile Safari 17 auf iOS',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 auf Linux'],
    ['curl/8.5.0', 'Unbekanntes Gerät'],
    [null, 'Unbekanntes Gerät'],
  ])('%s → %s', (userAgent, label) => {
    expect(deviceLabel(userAgent)).toBe(label);
  });
});

describe('the coarse location of a session', () => {
  it.each([
    ['203.0.113.7', '203.0.x.x'],
    ['::ffff:10.1.2.3', '10.1.x.x'],
    ['2001:db8:85a3::8a2e:370:7334', '2001:db8::/32'],
    ['2001::1', '2001:0::/32'],
    ['fe80::1%eth0', 'fe80:0::/32'],
    ['kein-ip', 'Unbekannt'],
  ])('%s → %s', (address, location) => {
    expect(coarseLocation(address)).toBe(location);
  });
});
