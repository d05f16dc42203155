import { hostMatches } from '@market/contracts/plain';
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../../src/modules/auth/auth.redirect.js';

describe('vendor host matching', () => {
  it('matches a host name with or without a port, whatever the case', () => {
    expect(hostMatches('vendors.localhost', 'vendors.localhost:3000')).toBe(true);
    expect(hostMatches('vendors.localhost', 'vendors.localhost')).toBe(true);
    expect(hostMatches('Vendors.Example.com', 'vendors.example.com.')).toBe(true);
    expect(hostMatches('vendors.localhost:3000', 'vendors.localhost:3000')).toBe(true);
    expect(hostMatches('vendors.localhost:3000', 'vendors.localhost:4000')).toBe(false);
    expect(hostMatches('vendors.localhost:3000', 'vendors.localhost')).toBe(false);
    expect(hostMatches('vendors.localhost', 'localhost:3000')).toBe(false);
    expect(hostMatches('vendors.localhost', 'evil-vendors.localhost:3000')).toBe(false);
    expect(hostMatches('vendors.localhost', 'vendors.localhost.evil.example')).toBe(false);
    expect(hostMatches('[::1]', '[::1]:3000')).toBe(true);
    expect(hostMatches('', 'localhost')).toBe(false);
  });

  it('lets an e-mail link return to the vendor host on the public port only', () => {
    const config = { publicUrl: 'http://localhost:3000', vendorHost: 'vendors.localhost' };
    expect(safeRedirect(config, 'http://vendors.localhost:3000/vendor-dashboard')).toBe('http://vendors.localhost:3000/vendor-dashboard');
    expect(safeRedirect(config, 'http://vendors.localhost:4444/steal')).toBe('http://localhost:3000');
    expect(safeRedirect(config, 'https://vendors.localhost:3000/x')).toBe('http://localhost:3000');
    expect(safeRedirect({ ...config, vendorHost: 'vendors.localhost:3100' }, 'http://vendors.localhost:3100/x')).toBe(
      'http://vendors.localhost:3100/x',
    );
    expect(safeRedirect(config, 'http://evil.example/')).toBe('http://localhost:3000');
  });
});
