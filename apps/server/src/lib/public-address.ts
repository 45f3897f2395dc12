import { isIP } from 'node:net';

/**
 * Why an IP address is not a public internet address (loopback, private, link-local…), or null
 * when it is one. Addresses that embed an IPv4 address (IPv4-mapped, NAT64, 6to4) are judged by
 * the address they embed, so `::ffff:127.0.0.1` is loopback like `127.0.0.1`. Anything that does
 * not parse is refused.
 */
export function nonPublicRange(address: string): string | null {
  const version = isIP(address);
  if (version === 4) return ipv4Range(ipv4Bytes(address));
  if (version === 6) return ipv6Range(ipv6Bytes(address));
  return 'not an IP address';
}

type Rule = [prefix: number[], bits: number, name: string];

// RFC 6890 (special-purpose registries) and RFC 6598 (CGNAT), IPv4.
const IPV4_RULES: Rule[] = [
  [[0], 8, 'unspecified ("this network")'],
  [[10], 8, 'private'],
  [[100, 64], 10, 'carrier-grade NAT'],
  [[127], 8, 'loopback'],
  [[169, 254], 16, 'link-local'],
  [[172, 16], 12, 'private'],
  [[192, 0, 0], 24, 'IETF protocol assignment'],
  [[192, 0, 2], 24, 'documentation'],
  [[192, 88, 99], 24, '6to4 relay anycast'],
  [[192, 168], 16, 'private'],
  [[198, 18], 15, 'benchmarking'],
  [[198, 51, 100], 24, 'documentation'],
  [[203, 0, 113], 24, 'documentation'],
  [[224], 4, 'multicast'],
  [[240], 4, 'reserved'],
];

// RFC 6890 and RFC 4291, IPv6 (the embedded-IPv4 forms are handled before these).
const IPV6_RULES: Rule[] = [
  [[0x01, 0x00, 0, 0, 0, 0, 0, 0], 64, 'discard-only'],
  [[0x20, 0x01, 0x00], 23, 'IETF protocol assignment (Teredo, ORCHID…)'],
  [[0x20, 0x01, 0x0d, 0xb8], 32, 'documentation'],
  [[0xfc], 7, 'unique-local'],
  [[0xfe, 0x80], 10, 'link-local'],
  [[0xfe, 0xc0], 10, 'site-local'],
  [[0xff], 8, 'multicast'],
];

function ipv4Range(bytes: number[]): string | null {
  if (bytes.every((b) => b === 255)) return 'broadcast';
  return IPV4_RULES.find(([prefix, bits]) => matches(bytes, prefix, bits))?.[2] ?? null;
}

function ipv6Range(bytes: number[]): string | null {
  const zeroUntil = (n: number) => bytes.slice(0, n).every((b) => b === 0);
  if (zeroUntil(16)) return 'unspecified';
  if (zeroUntil(15) && bytes[15] === 1) return 'loopback';
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (the deprecated "compatible" form).
  if (zeroUntil(10) && bytes[10] === 0xff && bytes[11] === 0xff) return embedded('IPv4-mapped', bytes.slice(12));
  if (zeroUntil(12)) return 'IPv4-compatible (deprecated)';
  // 64:ff9b::/96, the well-known NAT64 prefix: the gateway connects to the embedded address.
  if (matches(bytes, [0x00, 0x64, 0xff, 0x9b, 0, 0, 0, 0, 0, 0, 0, 0], 96)) return embedded('NAT64', bytes.slice(12));
  // 2002::/16, 6to4: the relay connects to the embedded address.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return embedded('6to4', bytes.slice(2, 6));
  return IPV6_RULES.find(([prefix, bits]) => matches(bytes, prefix, bits))?.[2] ?? null;
}

function embedded(form: string, ipv4: number[]): string | null {
  const range = ipv4Range(ipv4);
  return range ? `${form} ${range}` : null;
}

function matches(bytes: number[], prefix: number[], bits: number): boolean {
  for (let bit = 0; bit < bits; bit++) {
    const mask = 0x80 >> bit % 8;
    if (((bytes[bit >> 3] ?? 0) & mask) !== ((prefix[bit >> 3] ?? 0) & mask)) return false;
  }
  return true;
}

function ipv4Bytes(address: string): number[] {
  return address.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address already known to be valid (isIP), zone id dropped. */
function ipv6Bytes(address: string): number[] {
  let text = address.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = ipv4Bytes(dotted[1]!);
    text = `${text.slice(0, dotted.index)}${((a! << 8) | b!).toString(16)}:${((c! << 8) | d!).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(':') : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
}
