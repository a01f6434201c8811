import dgram from "node:dgram";

/** The magic packet: six 0xFF bytes, then the MAC sixteen times (102 bytes). */
export function magicPacket(mac: string): Buffer {
  const hex = mac.replace(/[^0-9a-fA-F]/g, "");
  if (hex.length !== 12) throw new Error(`not a MAC address: ${mac}`);
  const macBytes = Buffer.from(hex, "hex");
  return Buffer.concat([Buffer.alloc(6, 0xff), ...Array.from({ length: 16 }, () => macBytes)]);
}

export interface WakeTarget {
  mac: string;
  broadcast: string;
}

/**
 * Sends a magic packet per target to its subnet's broadcast address (UDP port 9).
 * STEWARD_AGENT_WOL_ADDRESS=host:port redirects them (tests use a loopback listener).
 */
export async function sendWakeOnLan(targets: WakeTarget[], port = 9): Promise<number> {
  const override = process.env.STEWARD_AGENT_WOL_ADDRESS;
  const socket = dgram.createSocket("udp4");
  await new Promise<void>((resolve) => socket.bind(0, resolve));
  socket.setBroadcast(true);
  let sent = 0;
  try {
    for (const target of targets) {
      const [host, p] = override
        ? [override.split(":")[0]!, Number(override.split(":")[1])]
        : [target.broadcast, port];
      await new Promise<void>((resolve, reject) =>
        socket.send(magicPacket(target.mac), p, host, (err) => (err ? reject(err) : resolve())),
      );
      sent++;
    }
  } finally {
    socket.close();
  }
  return sent;
}
