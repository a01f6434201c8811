/** IPv4 helpers for wake-on-LAN relays (same subnet) and broadcast addresses. */
export function parseIpv4(text: string): number | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text.trim());
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) | (parts[1]! << 16) | (parts[2]! << 8) | parts[3]!) >>> 0;
}

export function formatIpv4(value: number): string {
  return [24, 16, 8, 0].map((shift) => (value >>> shift) & 255).join(".");
}

/** The network an address is in, as "a.b.c.d/mask"; null for unusable input. */
export function ipv4Network(ip: string, mask: string): string | null {
  const a = parseIpv4(ip);
  const m = parseIpv4(mask);
  if (a === null || m === null) return null;
  return `${formatIpv4((a & m) >>> 0)}/${formatIpv4(m)}`;
}

export function ipv4Broadcast(ip: string, mask: string): string | null {
  const a = parseIpv4(ip);
  const m = parseIpv4(mask);
  if (a === null || m === null) return null;
  return formatIpv4(((a & m) | (~m >>> 0)) >>> 0);
}

/** A MAC address usable for wake-on-LAN (six hex pairs, not all zero). */
export function normalizeMac(mac: string): string | null {
  const hex = mac.replace(/[:\-.]/g, "").toLowerCase();
  if (!/^[0-9a-f]{12}$/.test(hex) || /^0+$/.test(hex) || /^f+$/.test(hex)) return null;
  return hex.match(/../g)!.join(":");
}
