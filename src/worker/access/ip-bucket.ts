/**
 * The per-IP rate-limit bucket of an address. An IPv6 subscriber is usually given a whole /64 (RFC
 * 6177), and can pick any of its 2^64 addresses for each request: counting per address would let it
 * rotate past the limit, so IPv6 is counted per /64. An IPv4 address is one caller (behind NAT, many:
 * they share its budget, as they share the address).
 */

/**
 * The bucket an address counts in: an IPv4 address as it is, an IPv6 address as its /64 prefix in
 * one canonical spelling (lower case, `::` expanded, leading zeros dropped), so every way of
 * writing an address of the prefix lands in the same bucket. An IPv4-mapped IPv6 address
 * (`::ffff:192.0.2.1`) is its IPv4 address. Text that is not an address is returned unchanged.
 *
 * @example
 * ipBucket('2001:DB8:0:7:abcd::1'); // '2001:db8:0:7::/64'
 * ipBucket('203.0.113.9');          // '203.0.113.9'
 */
export function ipBucket(address: string): string {
  if (!address.includes(':')) return address;
  const hextets = ipv6Hextets(address);
  if (!hextets) return address;
  if (hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff) {
    return [hextets[6]! >> 8, hextets[6]! & 0xff, hextets[7]! >> 8, hextets[7]! & 0xff].join('.');
  }
  return `${hextets.slice(0, 4).map((h) => h.toString(16)).join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (a zone `%eth0` ignored), or null when it is not one. */
function ipv6Hextets(address: string): number[] | null {
  let text = address.trim().toLowerCase().replace(/%.*$/, '');
  // A trailing dotted IPv4 part (`::ffff:192.0.2.1`) is the last two groups.
  const dotted = /(?:^|:)(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const bytes = dotted.slice(1).map(Number);
    if (bytes.some((b) => b > 255)) return null;
    const tail = `${((bytes[0]! << 8) | bytes[1]!).toString(16)}:${((bytes[2]! << 8) | bytes[3]!).toString(16)}`;
    text = `${text.slice(0, dotted.index + (dotted[0].startsWith(':') ? 1 : 0))}${tail}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  return all.every((group) => /^[0-9a-f]{1,4}$/.test(group)) ? all.map((group) => Number.parseInt(group, 16)) : null;
}
