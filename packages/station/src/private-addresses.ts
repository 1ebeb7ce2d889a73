import { lookup, type LookupAddress, type LookupAllOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, buildConnector, type Dispatcher } from 'undici';

/**
 * Whether an address is on the public internet: not loopback, private (RFC 1918), link-local,
 * CGNAT, IPv6 unique-local, unspecified (0.0.0.0, ::), multicast, reserved, or an IPv6 form
 * that carries an IPv4 address (mapped, 6to4, NAT64). ipaddr.js names the ranges; only its
 * plain `unicast` is public.
 */
export function isPublicAddress(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.process(address).range() === 'unicast';
}

/** A connection was refused because it would reach an internal address. */
export class PrivateAddressError extends Error {
  override readonly name = 'PrivateAddressError';
  readonly host: string;

  constructor(host: string, address: string) {
    super(`${host} is (or resolves to) the internal address ${address}`);
    this.host = host;
  }
}

function originOf(options: buildConnector.Options): string {
  const port = options.port ? `:${options.port}` : '';
  const host = isIP(options.hostname) === 6 ? `[${options.hostname}]` : options.hostname;
  return new URL(`${options.protocol}//${host}${port}`).origin;
}

/**
 * A dispatcher that connects only to public addresses, except to the origins in `allowed`. A
 * host name is resolved once, every address it has is checked, and the connection goes to the
 * checked addresses (so a second, different DNS answer cannot slip an internal one in). Every
 * connection is checked, redirects included. Close it after use.
 */
export function publicAddressDispatcher(allowed: Iterable<string> = []): Dispatcher {
  const allowedOrigins = new Set(allowed);
  const plain = buildConnector({});
  const checked = buildConnector({
    lookup: (hostname: string, options: LookupAllOptions, callback: LookupCallback) => {
      lookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
        if (error) return callback(error, []);
        const internal = addresses.find(({ address }) => !isPublicAddress(address));
        if (internal) return callback(new PrivateAddressError(hostname, internal.address), []);
        if (options.all) return callback(null, addresses);
        const [first] = addresses;
        return callback(null, first?.address ?? '', first?.family ?? 4);
      });
    },
  } as buildConnector.BuildOptions);
  return new Agent({
    connect: (options, callback) => {
      if (allowedOrigins.has(originOf(options))) return plain(options, callback);
      if (isIP(options.hostname) !== 0 && !isPublicAddress(options.hostname)) {
        return callback(new PrivateAddressError(options.hostname, options.hostname), null);
      }
      return checked(options, callback);
    },
  });
}

type LookupCallback = (
  error: Error | null,
  address: string | LookupAddress[],
  family?: number,
) => void;
