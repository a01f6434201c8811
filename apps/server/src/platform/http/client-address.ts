import { addressBytes, cidrContains } from "@steward/contracts";

/**
 * The part of a client address that counts as "one client" for throttling: an IPv4 address as
 * it is, an IPv6 address by its /64 network (one subscriber usually holds a whole /64, so
 * counting single IPv6 addresses would let one client rotate through billions of them).
 */
export function throttleAddress(ip: string | undefined): string {
  if (!ip) return "unknown";
  const address = ip.split("%")[0]!.toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const [head = "", tail] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  const network = groups.slice(0, 4).map((g) => (Number.parseInt(g || "0", 16) || 0).toString(16));
  while (network.length < 4) network.push("0");
  return `${network.join(":")}::/64`;
}

/**
 * The client's address for access rules: the direct peer, unless the peer is one of the trusted
 * proxies; then X-Forwarded-For is read from its right end, skipping trusted proxies, and the
 * first address that is not one is the client. From an untrusted peer the header counts for
 * nothing, so a client cannot name an address of its choosing.
 */
export function clientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trustedProxies: readonly string[],
): string {
  const direct = unmapped(peer ?? "");
  const trusted = (ip: string) => trustedProxies.some((net) => cidrContains(net, ip));
  if (!direct || !trusted(direct) || forwardedFor === undefined) return direct;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : forwardedFor)
    .split(",")
    .map((hop) => unmapped(hop.trim()))
    .filter((hop) => hop !== "");
  let client = direct;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (addressBytes(hop) === null) break;
    client = hop;
    if (!trusted(hop)) break;
  }
  return client;
}

/** An IPv4-mapped IPv6 address written as IPv4 (what a dual-stack socket reports). */
function unmapped(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped ? mapped[1]! : ip;
}
