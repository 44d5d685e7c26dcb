import "server-only";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * Which IP addresses a guarded request may connect to: the engine's input URLs, webhooks and
 * `uploadEndpoint`s, the studio's fetches of user URLs. The rule is an allow-list: only what
 * ipaddr.js calls plain `unicast` passes; every special range it knows (loopback, private, link-local, unique-local, unspecified,
 * broadcast, multicast, carrier-grade NAT, reserved, benchmarking, documentation, discard, ...) is
 * refused. IPv6 forms that carry an IPv4 address (mapped, translated, NAT64, 6to4, Teredo) are
 * judged by the IPv4 address they carry, because that is where the packets end up.
 */

export interface AddressVerdict {
  allowed: boolean;
  /** The address in canonical form (ipaddr.js `toString`), or the input when it is not an IP. */
  address: string;
  /**
   * ipaddr.js range name (`unicast`, `loopback`, `private`, `linkLocal`, `ipv4Mapped`, `6to4`, ...),
   * or `cloudMetadata`, `ipv4Compatible`, `nat64Local`, `invalid`.
   */
  range: string;
  /** For IPv6 forms that embed an IPv4 address: the verdict on that address. */
  embedded?: AddressVerdict;
}

/**
 * Instance metadata services. All of them already sit in a refused range (link-local,
 * carrier-grade NAT, unique-local); naming them makes the refusal reason explicit in logs.
 */
const CLOUD_METADATA = new Set([
  "169.254.169.254", // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
  "169.254.170.2", // AWS ECS task metadata
  "100.100.100.200", // Alibaba Cloud
  "fd00:ec2::254", // AWS IMDS over IPv6
]);

function verdict(
  allowed: boolean,
  address: string,
  range: string,
  embedded?: AddressVerdict,
): AddressVerdict {
  return embedded ? { allowed, address, range, embedded } : { allowed, address, range };
}

function classifyV4(addr: ipaddr.IPv4): AddressVerdict {
  const text = addr.toString();
  if (CLOUD_METADATA.has(text)) return verdict(false, text, "cloudMetadata");
  const range = addr.range();
  return verdict(range === "unicast", text, range);
}

function v4FromParts(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([(high >> 8) & 0xff, high & 0xff, (low >> 8) & 0xff, low & 0xff]);
}

/** Judges an IPv6 transition address by the IPv4 address inside it; refused if that one is. */
function viaEmbedded(text: string, range: string, ...inner: ipaddr.IPv4[]): AddressVerdict {
  let last: AddressVerdict | undefined;
  for (const v4 of inner) {
    last = classifyV4(v4);
    if (!last.allowed) return verdict(false, text, range, last);
  }
  return verdict(last !== undefined, text, range, last);
}

function classifyV6(addr: ipaddr.IPv6): AddressVerdict {
  // A zone id (`fe80::1%eth0`) names an interface, not a different address: judge without it.
  const bare = new ipaddr.IPv6(addr.parts);
  const text = bare.toString();
  if (CLOUD_METADATA.has(text)) return verdict(false, text, "cloudMetadata");
  const p = bare.parts;
  const part = (i: number): number => p[i] ?? 0;
  const range = bare.range();
  switch (range) {
    case "ipv4Mapped": // ::ffff:a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d (IPv4-translated)
      return viaEmbedded(text, range, v4FromParts(part(6), part(7)));
    case "rfc6052":
      // 64:ff9b::/96 is the well-known NAT64 prefix with the IPv4 address in the last 32 bits;
      // 64:ff9b:1::/48 is for local NAT64 deployments, so it is refused outright.
      if (part(2) === 0 && part(3) === 0 && part(4) === 0 && part(5) === 0) {
        return viaEmbedded(text, range, v4FromParts(part(6), part(7)));
      }
      return verdict(false, text, "nat64Local");
    case "6to4": // 2002:AABB:CCDD::/48 carries a.b.c.d in bits 16-47
      return viaEmbedded(text, range, v4FromParts(part(1), part(2)));
    case "teredo":
      // 2001:0:SSSS:SSSS:flags:port:CCCC:CCCC: server IPv4 in clear, client IPv4 bit-inverted.
      return viaEmbedded(
        text,
        range,
        v4FromParts(part(2), part(3)),
        v4FromParts(~part(6) & 0xffff, ~part(7) & 0xffff),
      );
    case "unicast":
      // ipaddr.js calls the deprecated IPv4-compatible form (::a.b.c.d, RFC 4291 2.5.5.1) unicast;
      // all of ::/8 is IETF-reserved, so anything there that is not a named range is refused.
      if (part(0) < 0x100) return verdict(false, text, "ipv4Compatible");
      return verdict(true, text, range);
    default:
      return verdict(false, text, range);
  }
}

/** Classifies one IP address (v4 or v6, as `dns.lookup` returns it). A non-IP string is refused. */
export function classifyAddress(address: string): AddressVerdict {
  const ip = parseIpLiteral(address);
  if (ip === null) return verdict(false, address, "invalid");
  return ip.kind() === "ipv4" ? classifyV4(ip as ipaddr.IPv4) : classifyV6(ip as ipaddr.IPv6);
}

/** True when a guarded request may connect to `address` under the default (non-private) policy. */
export function isAllowedAddress(address: string): boolean {
  return classifyAddress(address).allowed;
}

/**
 * Parses a host as an IP literal, accepting the forms a URL or a resolver may still interpret as
 * numbers: `[::1]` (brackets), `0x7f000001`, `2130706433`, `0177.0.0.1`, `127.1`, a trailing dot.
 * Returns null for anything that must be resolved as a name. WHATWG URL parsing already turns the
 * odd IPv4 forms into dotted quads for http(s) URLs; this is the second line for other callers.
 */
export function parseIpLiteral(host: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  let h = host.trim();
  if (h.startsWith("[") && h.endsWith("]")) h = h.slice(1, -1);
  if (h.endsWith(".") && !h.includes(":")) h = h.slice(0, -1);
  if (h.length === 0) return null;
  try {
    if (isIP(h) !== 0 || ipaddr.isValid(h)) return ipaddr.parse(h);
  } catch {
    return null;
  }
  return null;
}

/** `localhost` and its subdomains (RFC 6761) are loopback whatever a resolver says. */
export function isLocalhostName(host: string): boolean {
  const h = host.trim().toLowerCase().replace(/\.$/, "");
  return h === "localhost" || h.endsWith(".localhost");
}
