/**
 * The per-IP rate-limit bucket of an address (the limiter itself is in `rate-limits.test.ts`).
 */
import { describe, expect, it } from 'vitest';
import { ipBucket } from '../../src/worker/access/ip-bucket';

describe('ipBucket', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(ipBucket('203.0.113.9')).toBe('203.0.113.9');
    expect(ipBucket('203.0.113.10')).not.toBe(ipBucket('203.0.113.9'));
  });

  it('counts an IPv6 address by its /64, however it is written', () => {
    const bucket = '2001:db8:0:7::/64';
    for (const spelling of ['2001:db8:0:7::1', '2001:DB8:0:7:ABCD:1:2:3', '2001:0db8:0000:0007:0000:0000:0000:0001', '2001:db8::7:ffff:0:0:1', '2001:db8:0:7::', '2001:db8:0:7::1%eth0']) {
      expect(ipBucket(spelling), spelling).toBe(bucket);
    }
    expect(ipBucket('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
    expect(ipBucket('::1')).toBe('0:0:0:0::/64');
    expect(ipBucket('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
  });

  it('reads a dotted IPv4 tail, and an IPv4-mapped address is its IPv4 caller', () => {
    expect(ipBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(ipBucket('::FFFF:c000:0201')).toBe('192.0.2.1');
    expect(ipBucket('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves text that is not an address unchanged', () => {
    for (const text of ['unknown', '1::2::3', '1:2:3:4:5:6:7:8:9', '1:2:3:4:5:6:7', 'g::1', '::ffff:300.1.1.1', '1:2:3:4:5:6:7::8']) {
      expect(ipBucket(text), text).toBe(text);
    }
  });
});
