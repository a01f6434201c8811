import { describe, expect, it } from "vitest";
import { throttleAddress } from "./client-address.js";

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
