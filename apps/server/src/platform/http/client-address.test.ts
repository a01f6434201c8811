import { describe, expect, it } from "vitest";
import { cidrContains } from "@steward/contracts";
import { clientAddress, throttleAddress } from "./client-address.js";

describe("throttleAddress", () => {
  it("keeps IPv4 addresses, also IPv4-mapped IPv6 ones", () => {
    expect(throttleAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress(undefined)).toBe("unknown");
  });

  it("counts IPv6 addresses by their /64, however they are written", () => {
    const a = throttleAddress("2001:db8:85a3:12::1");
    expect(a).toBe("2001:db8:85a3:12::/64");
    expect(throttleAddress("2001:0DB8:85A3:0012:ffff:ffff:ffff:ffff")).toBe(a);
    expect(throttleAddress("2001:db8:85a3:12:abcd::9%eth0")).toBe(a);
    expect(throttleAddress("2001:db8:85a3:13::1")).not.toBe(a);
    expect(throttleAddress("::1")).toBe("0:0:0:0::/64");
    expect(throttleAddress("fe80::1")).toBe("fe80:0:0:0::/64");
  });
});

describe("cidrContains", () => {
  it("matches IPv4 networks and single hosts, also for IPv4-mapped addresses", () => {
    expect(cidrContains("203.0.113.0/24", "203.0.113.200")).toBe(true);
    expect(cidrContains("203.0.113.0/24", "203.0.114.1")).toBe(false);
    expect(cidrContains("203.0.113.0/25", "203.0.113.128")).toBe(false);
    expect(cidrContains("198.51.100.7", "198.51.100.7")).toBe(true);
    expect(cidrContains("198.51.100.7", "198.51.100.8")).toBe(false);
    expect(cidrContains("0.0.0.0/0", "192.0.2.1")).toBe(true);
    expect(cidrContains("203.0.113.0/24", "::ffff:203.0.113.9")).toBe(true);
  });

  it("matches IPv6 networks however the addresses are written, and never mixes the families", () => {
    expect(cidrContains("2001:db8::/32", "2001:db8:ffff::1")).toBe(true);
    expect(cidrContains("2001:db8::/32", "2001:db9::1")).toBe(false);
    expect(cidrContains("2001:db8:1::/48", "2001:0DB8:0001:0000:0000:0000:0000:0005")).toBe(true);
    expect(cidrContains("2001:db8:1::/48", "2001:db8:2::5")).toBe(false);
    expect(cidrContains("::1", "::1")).toBe(true);
    expect(cidrContains("2001:db8::/32", "203.0.113.1")).toBe(false);
    expect(cidrContains("203.0.113.0/24", "2001:db8::1")).toBe(false);
    expect(cidrContains("203.0.113.0/24", "not an address")).toBe(false);
  });
});

describe("clientAddress", () => {
  const proxies = ["192.0.2.10", "2001:db8:ffff::/48"];

  it("is the direct peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress("198.51.100.1", "203.0.113.7", [])).toBe("198.51.100.1");
    expect(clientAddress("198.51.100.1", "203.0.113.7", proxies)).toBe("198.51.100.1");
    expect(clientAddress("::ffff:198.51.100.1", undefined, proxies)).toBe("198.51.100.1");
  });

  it("reads X-Forwarded-For from the right behind a trusted proxy, skipping trusted hops only", () => {
    expect(clientAddress("192.0.2.10", "203.0.113.7", proxies)).toBe("203.0.113.7");
    // A client writing its own header ahead of the proxy's entry gains nothing.
    expect(clientAddress("192.0.2.10", "203.0.113.7, 198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(clientAddress("2001:db8:ffff::2", ["203.0.113.7", "192.0.2.10"], proxies)).toBe("203.0.113.7");
    expect(clientAddress("192.0.2.10", "garbage, 198.51.100.1", proxies)).toBe("198.51.100.1");
    expect(clientAddress("192.0.2.10", undefined, proxies)).toBe("192.0.2.10");
  });
});
