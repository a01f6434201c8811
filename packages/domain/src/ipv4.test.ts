import { describe, expect, it } from "vitest";
import { ipv4Broadcast, ipv4Network, normalizeMac, parseIpv4 } from "./ipv4.js";

describe("IPv4 helpers", () => {
  it("computes network and broadcast", () => {
    expect(ipv4Network("192.168.10.37", "255.255.255.0")).toBe("192.168.10.0/255.255.255.0");
    expect(ipv4Broadcast("192.168.10.37", "255.255.255.0")).toBe("192.168.10.255");
    expect(ipv4Broadcast("10.1.2.3", "255.255.0.0")).toBe("10.1.255.255");
    expect(ipv4Network("10.1.2.3", "255.255.255.0")).not.toBe(ipv4Network("10.1.3.3", "255.255.255.0"));
  });
  it("refuses malformed addresses", () => {
    expect(parseIpv4("256.1.1.1")).toBeNull();
    expect(ipv4Network("x", "255.0.0.0")).toBeNull();
  });
  it("normalizes MACs and refuses unusable ones", () => {
    expect(normalizeMac("AA-BB-CC-DD-EE-FF")).toBe("aa:bb:cc:dd:ee:ff");
    expect(normalizeMac("00:00:00:00:00:00")).toBeNull();
    expect(normalizeMac("ff:ff:ff:ff:ff:ff")).toBeNull();
    expect(normalizeMac("12:34")).toBeNull();
  });
});
