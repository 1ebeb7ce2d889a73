import { describe, expect, it } from 'vitest';
import { isPublicAddress } from '../src/private-addresses.ts';

describe('isPublicAddress', () => {
  it('takes public IPv4 and IPv6 addresses', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2a00:1450:4001:82a::200e']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it('refuses internal ones, IPv4 inside IPv6 included', () => {
    for (const address of [
      '127.0.0.1',
      '127.255.0.9',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.20',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '255.255.255.255',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '64:ff9b::a00:1',
      '2002:7f00:1::1',
      'geen adres',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});
