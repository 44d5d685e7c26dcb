import { describe, expect, it } from "vitest";
import { classifyAddress, isAllowedAddress, isLocalhostName, parseIpLiteral } from "./address-policy";

describe("classifyAddress", () => {
  const forbidden: [string, string][] = [
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["10.0.0.1", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "linkLocal"],
    ["169.254.169.254", "cloudMetadata"],
    ["100.64.0.1", "carrierGradeNat"],
    ["100.100.100.200", "cloudMetadata"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["255.255.255.255", "broadcast"],
    ["224.0.0.1", "multicast"],
    ["240.0.0.1", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["::1", "loopback"],
    ["::", "unspecified"],
    ["fe80::1", "linkLocal"],
    ["fe80::1%eth0", "linkLocal"],
    ["fc00::1", "uniqueLocal"],
    ["fd12:3456::1", "uniqueLocal"],
    ["fd00:ec2::254", "cloudMetadata"],
    ["ff02::1", "multicast"],
    ["fec0::1", "deprecatedSiteLocal"],
    ["2001:db8::1", "reserved"],
    ["100::1", "discard"],
    // IPv6 forms that carry a forbidden IPv4 address
    ["::ffff:127.0.0.1", "ipv4Mapped"],
    ["::ffff:7f00:1", "ipv4Mapped"],
    ["::ffff:169.254.169.254", "ipv4Mapped"],
    ["::ffff:10.0.0.1", "ipv4Mapped"],
    ["::ffff:0:7f00:1", "rfc6145"],
    ["64:ff9b::7f00:1", "rfc6052"],
    ["64:ff9b::a9fe:a9fe", "rfc6052"],
    ["64:ff9b:1::808:808", "nat64Local"],
    ["2002:7f00:1::1", "6to4"],
    ["2002:c0a8:101::1", "6to4"],
    // Teredo: server 65.54.227.120 (public), client bit-inverted 127.0.0.1 -> 80ff:fffe
    ["2001:0:4136:e378:8000:63bf:80ff:fffe", "teredo"],
    // Teredo: server 10.0.0.1 in clear
    ["2001:0:a00:1:8000:63bf:3fff:fdd2", "teredo"],
    // deprecated IPv4-compatible ::a.b.c.d, which ipaddr.js alone calls unicast
    ["::7f00:1", "ipv4Compatible"],
    ["::808:808", "ipv4Compatible"],
  ];
  it.each(forbidden)("refuses %s (%s)", (address, range) => {
    const v = classifyAddress(address);
    expect(v.allowed).toBe(false);
    expect(v.range).toBe(range);
    expect(isAllowedAddress(address)).toBe(false);
  });

  it("names the embedded IPv4 address that caused the refusal", () => {
    expect(classifyAddress("::ffff:127.0.0.1").embedded).toMatchObject({
      address: "127.0.0.1",
      range: "loopback",
    });
    expect(classifyAddress("2002:a9fe:a9fe::1").embedded).toMatchObject({ range: "cloudMetadata" });
    expect(classifyAddress("2001:0:4136:e378:8000:63bf:80ff:fffe").embedded).toMatchObject({
      address: "127.0.0.1",
    });
  });

  const allowed = [
    "8.8.8.8",
    "1.1.1.1",
    "93.184.215.14",
    "172.32.0.1",
    "100.128.0.1",
    "2606:4700:4700::1111",
    "2a00:1450:4001:80b::200e",
    "::ffff:8.8.8.8",
    "64:ff9b::808:808",
    "2002:808:808::1",
    // Teredo: server 65.54.227.120, client 192.0.2.45 would be reserved; use client 8.8.8.8 -> f7f7:f7f7
    "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
  ];
  it.each(allowed)("allows %s", (address) => {
    expect(classifyAddress(address).allowed).toBe(true);
  });

  it("refuses strings that are not IP addresses", () => {
    for (const s of ["", "example.com", "127.0.0.1.5", "999.1.1.1", "::g"]) {
      expect(classifyAddress(s)).toMatchObject({ allowed: false, range: "invalid" });
    }
  });
});

describe("parseIpLiteral", () => {
  it.each(["0x7f000001", "2130706433", "0177.0.0.1", "127.1", "0x7f.1", "127.0.0.1.", "017700000001"])(
    "reads the odd IPv4 form %s as 127.0.0.1",
    (host) => {
      expect(parseIpLiteral(host)?.toString()).toBe("127.0.0.1");
    },
  );

  it("strips IPv6 brackets", () => {
    expect(parseIpLiteral("[::1]")?.toString()).toBe("::1");
    expect(parseIpLiteral("[::ffff:127.0.0.1]")?.toString()).toBe("::ffff:7f00:1");
  });

  it("leaves host names alone", () => {
    expect(parseIpLiteral("example.com")).toBeNull();
    expect(parseIpLiteral("localhost")).toBeNull();
    expect(parseIpLiteral("")).toBeNull();
  });
});

describe("WHATWG URL normalisation of odd hosts (what Node hands us)", () => {
  it.each([
    "http://0x7f000001/",
    "http://2130706433/",
    "http://0177.0.0.1/",
    "http://127.1/",
    "http://0x7f.1/",
    "http://127.000.000.001/",
    "http://%31%32%37.0.0.1/",
    "http://127.0.0.1./",
    "http://\uff10x7f000001/", // full-width digit zero
  ])("%s becomes 127.0.0.1", (url) => {
    expect(new URL(url).hostname).toBe("127.0.0.1");
  });

  it("keeps IPv4-mapped IPv6 in hex form, which the policy still reads as loopback", () => {
    const host = new URL("http://[::ffff:127.0.0.1]/").hostname;
    expect(host).toBe("[::ffff:7f00:1]");
    expect(classifyAddress(host.slice(1, -1)).allowed).toBe(false);
  });
});

describe("isLocalhostName", () => {
  it("matches localhost and its subdomains, case and trailing dot aside", () => {
    for (const h of ["localhost", "LOCALHOST", "localhost.", "app.localhost"])
      expect(isLocalhostName(h)).toBe(true);
    for (const h of ["localhost.com", "notlocalhost", "example.com"]) expect(isLocalhostName(h)).toBe(false);
  });
});
