import { z } from "zod";
import { defineCommandKind } from "./define.js";

/** A relay agent sends magic packets to these MAC addresses on its subnet's broadcast address. */
export const wakeOnLanPayload = z.object({
  targets: z
    .array(
      z.object({
        mac: z.string().max(40),
        broadcast: z.string().max(45),
      }),
    )
    .min(1)
    .max(32),
});
export type WakeOnLanPayload = z.infer<typeof wakeOnLanPayload>;

export const wakeOnLanResult = z.object({ sent: z.number().int().nonnegative().max(32) });

export const wakeOnLanCommand = defineCommandKind({
  kind: "wake-on-lan",
  payload: wakeOnLanPayload,
  result: wakeOnLanResult,
  mode: "control",
});
