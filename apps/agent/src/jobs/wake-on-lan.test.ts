import dgram from "node:dgram";
import { describe, expect, it } from "vitest";
import { magicPacket, sendWakeOnLan } from "./wake-on-lan.js";

describe("wake-on-LAN", () => {
  it("builds the exact 102-byte magic packet", () => {
    const packet = magicPacket("aa:bb:cc:dd:ee:ff");
    expect(packet.length).toBe(102);
    expect(packet.subarray(0, 6).equals(Buffer.alloc(6, 0xff))).toBe(true);
    for (let i = 0; i < 16; i++)
      expect(packet.subarray(6 + i * 6, 12 + i * 6).toString("hex")).toBe("aabbccddeeff");
  });

  it("sends it over UDP (a loopback listener stands in for the broadcast address)", async () => {
    const listener = dgram.createSocket("udp4");
    await new Promise<void>((r) => listener.bind(0, "127.0.0.1", r));
    const received = new Promise<Buffer>((r) => listener.once("message", (msg) => r(msg)));
    process.env.STEWARD_AGENT_WOL_ADDRESS = `127.0.0.1:${listener.address().port}`;
    try {
      expect(await sendWakeOnLan([{ mac: "02-00-5e-10-00-01", broadcast: "192.168.1.255" }])).toBe(1);
      expect((await received).equals(magicPacket("02:00:5e:10:00:01"))).toBe(true);
    } finally {
      delete process.env.STEWARD_AGENT_WOL_ADDRESS;
      listener.close();
    }
  });
});
