import { BlockList, isIP } from 'node:net';

/**
 * The proxies whose forwarding headers we believe (TRUSTED_PROXY_ADDRESSES):
 * addresses and CIDR blocks, IPv4 or IPv6. There is no default: a private or
 * loopback range would also trust every other container, pod or process that
 * can reach the server on that network, and any of them could then forge
 * every customer's address.
 */
export interface TrustedProxies {
  /** as configured, for the logs and the README */
  readonly entries: readonly string[];
  /** Whether a connection's peer (or an address a trusted proxy recorded) is one of them. */
  includes(address: string): boolean;
}

/** An address as a socket or a proxy gives it, without brackets or zone; IPv4-mapped IPv6 as IPv4. */
export function plainAddress(raw: string): string {
  const address =
    raw
      .trim()
      .replace(/^\[|\]$/g, '')
      .split('%')[0] ?? '';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  return mapped && isIP(mapped) === 4 ? mapped : address;
}

/** Parse TRUSTED_PROXY_ADDRESSES: comma- or space-separated addresses and CIDR blocks; throws on anything else. */
export function trustedProxiesFrom(text: string | undefined): TrustedProxies {
  const entries = (text ?? '').split(/[\s,]+/).filter(Boolean);
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefixText, ...rest] = entry.split('/');
    const plain = plainAddress(address);
    const version = isIP(plain);
    const prefix = prefixText === undefined ? (version === 4 ? 32 : 128) : Number(prefixText);
    const maxPrefix = version === 4 ? 32 : 128;
    if (
      version === 0 ||
      rest.length > 0 ||
      (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) ||
      prefix > maxPrefix
    ) {
      throw new Error(`TRUSTED_PROXY_ADDRESSES: "${entry}" is not an IP address or CIDR block`);
    }
    list.addSubnet(plain, prefix, version === 4 ? 'ipv4' : 'ipv6');
  }
  return {
    entries,
    includes(raw) {
      const address = plainAddress(raw);
      const version = isIP(address);
      if (version === 0 || entries.length === 0) return false;
      return list.check(address, version === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
