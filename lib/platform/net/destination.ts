import "server-only";
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { classifyAddress, isLocalhostName, parseIpLiteral } from "./address-policy";
import { GuardedFetchError } from "./errors";

/**
 * Where a request may go. Host names are checked at connect time, inside the `lookup` hook of
 * `http.request`: the socket connects to exactly the addresses that were checked, so a DNS answer
 * cannot change between check and use (no TOCTOU, no DNS rebinding). IP-literal hosts never reach
 * `lookup` (Node connects to them directly), so `checkDestination` checks them before the request.
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to every address the socket may connect to. Injectable for tests. */
export type Resolver = (hostname: string, family: 0 | 4 | 6) => Promise<ResolvedAddress[]>;

export interface AddressCheckContext {
  /** The URL of the hop being connected. */
  url: URL;
  /** 0 for the first request, 1 for the first redirect, ... */
  hop: number;
}

/** Decides whether one address may be connected to. Default: `classifyAddress(address).allowed`. */
export type AddressPolicy = (address: string, context: AddressCheckContext) => boolean;

/** The destination rules of one request. */
export interface DestinationGuard {
  allowPrivate: boolean;
  resolver: Resolver;
  policy: AddressPolicy;
}

export const systemResolver: Resolver = async (hostname, family) => {
  const found = await dns.promises.lookup(hostname, { all: true, family, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export const defaultAddressPolicy: AddressPolicy = (address) => classifyAddress(address).allowed;

function network(message: string, url: URL, cause?: unknown): GuardedFetchError {
  return new GuardedFetchError("network", message, { url: url.href, cause });
}

function forbidden(message: string, url: URL, address: string, range: string): GuardedFetchError {
  return new GuardedFetchError("forbiddenAddress", message, { url: url.href, address, range });
}

/** Checks scheme, host name and IP-literal hosts; names are checked later, in `lookup`. */
export function checkDestination(url: URL, hop: number, s: DestinationGuard): void {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    const message = `Only http and https URLs are fetched, not ${url.protocol}`;
    throw new GuardedFetchError("badScheme", message, { url: url.href });
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host.length === 0) throw new GuardedFetchError("badUrl", "The URL has no host.", { url: url.href });
  if (s.allowPrivate) return;
  if (isLocalhostName(host)) {
    throw forbidden("localhost is not reachable.", url, host, "loopback");
  }
  const literal = parseIpLiteral(host);
  if (literal && !s.policy(literal.toString(), { url, hop })) {
    const v = classifyAddress(literal.toString());
    throw forbidden(`Address ${v.address} (${v.range}) is not reachable.`, url, v.address, v.range);
  }
}

/** The connect-time check: resolves, refuses if ANY address is forbidden, hands over the rest. */
export function guardedLookup(url: URL, hop: number, s: DestinationGuard): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 4 || options.family === 6 ? options.family : 0;
    s.resolver(hostname, family).then(
      (addresses) => {
        if (addresses.length === 0) {
          callback(network(`No address found for ${hostname}.`, url), "");
          return;
        }
        if (!s.allowPrivate) {
          const bad = addresses.find((a) => !s.policy(a.address, { url, hop }));
          if (bad) {
            const v = classifyAddress(bad.address);
            callback(
              forbidden(`${hostname} resolves to ${v.address} (${v.range}).`, url, v.address, v.range),
              "",
            );
            return;
          }
        }
        const first = addresses[0] as ResolvedAddress;
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      },
      (cause: unknown) => {
        callback(network(`Cannot resolve ${hostname}.`, url, cause), "");
      },
    );
  };
}
