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
