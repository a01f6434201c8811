import { lookup } from "node:dns/promises";
import net from "node:net";

/**
 * Which addresses a webhook may reach (the server must not become a way into places only it can
 * reach). The rule:
 * - only http and https, and no user name or password in the URL;
 * - every address the host name resolves to must be allowed, and the request then goes to the
 *   address that was checked (a name that resolves differently a moment later cannot slip past);
 * - never: unspecified (0.0.0.0, ::), link-local (169.254.0.0/16, fe80::/10, which holds the
 *   cloud metadata services), known metadata addresses and names, multicast, broadcast;
 * - loopback (127.0.0.0/8, ::1) only when the server is configured to allow it (tests,
 *   single-machine setups), since it reaches the server's own unauthenticated companions;
 * - private ranges (10/8, 172.16/12, 192.168/16, fc00::/7) are allowed: a self-hosted console
 *   legitimately posts to receivers on its own network.
 */
export interface TargetRules {
  allowLoopback: boolean;
}

export class RefusedTarget extends Error {}

const METADATA_HOSTS = new Set(["metadata.google.internal", "metadata", "metadata.azure.internal"]);
const METADATA_ADDRESSES = new Set(["100.100.100.200", "fd00:ec2::254", "168.63.129.16"]);

function ipv4Parts(address: string): number[] {
  return address.split(".").map(Number);
}

/** Why an address is refused, or null when it may be called. */
export function refusalOf(address: string, rules: TargetRules): string | null {
  let a = address.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(a);
  if (mapped) a = mapped[1]!;
  if (METADATA_ADDRESSES.has(a)) return "a cloud metadata address";
  if (net.isIPv4(a)) {
    const [p0, p1] = ipv4Parts(a) as [number, number];
    if (p0 === 0) return "an unspecified address";
    if (p0 === 127) return rules.allowLoopback ? null : "a loopback address";
    if (p0 === 169 && p1 === 254) return "a link-local address";
    if (p0 >= 224) return "a multicast or reserved address";
    return null;
  }
  if (net.isIPv6(a)) {
    if (a === "::") return "an unspecified address";
    if (a === "::1") return rules.allowLoopback ? null : "a loopback address";
    if (/^fe[89ab]/.test(a)) return "a link-local address";
    if (a.startsWith("ff")) return "a multicast address";
    return null;
  }
  return "not an IP address";
}

/** Checks a webhook URL and answers the address to connect to; throws RefusedTarget. */
export async function resolveTarget(raw: string, rules: TargetRules): Promise<{ url: URL; address: string }> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new RefusedTarget("the URL is not valid");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new RefusedTarget("only http and https");
  if (url.username || url.password) throw new RefusedTarget("credentials in the URL");
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  if (METADATA_HOSTS.has(host.replace(/\.$/, ""))) throw new RefusedTarget("a cloud metadata host");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await lookup(host, { all: true, verbatim: true })).map((r) => r.address);
    } catch {
      throw new RefusedTarget(`the host ${host} does not resolve`);
    }
  }
  for (const address of addresses) {
    const why = refusalOf(address, rules);
    if (why) throw new RefusedTarget(`${host} is ${why}`);
  }
  return { url, address: addresses[0]! };
}
