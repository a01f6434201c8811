import { agent as proto } from "@steward/contracts";
import { sendWakeOnLan } from "../jobs/wake-on-lan.js";
import { agentCommand } from "./registry.js";

/** Relays magic packets for devices on this agent's subnet. */
export const wakeOnLanHandler = agentCommand(proto.wakeOnLanCommand, (payload) => ({
  done: (async () => {
    let errorMessage: string | null = null;
    let sent = 0;
    try {
      sent = await sendWakeOnLan(payload.targets);
    } catch (err) {
      errorMessage = `Could not send the wake-on-LAN packet: ${(err as Error).message}`;
    }
    return {
      exitCode: null,
      stdout: `sent ${sent} magic packet(s)\n`,
      stderr: "",
      truncated: false,
      errorMessage,
      data: { sent },
    };
  })(),
}));
