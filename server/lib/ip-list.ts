import { BlockList, isIP } from 'node:net';

/**
 * A list of addresses and CIDR ranges (node's BlockList does the matching, IPv4 and IPv6, with
 * IPv4-mapped IPv6 folded to IPv4). Entries are validated by env.ts (isIpOrCidr).
 */
export interface IpList {
  readonly size: number;
  has(address: string): boolean;
}

export function ipList(entries: readonly string[]): IpList {
  const list = new BlockList();
  for (const entry of entries) {
    const [ip, prefix] = entry.split('/') as [string, string | undefined];
    const type = isIP(ip) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(ip, type);
    else list.addSubnet(ip, Number(prefix), type);
  }
  return {
    size: entries.length,
    has(address) {
      const plain = address.startsWith('::ffff:') && address.includes('.') ? address.slice(7) : address;
      const kind = isIP(plain);
      return kind !== 0 && list.check(plain, kind === 6 ? 'ipv6' : 'ipv4');
    },
  };
}
