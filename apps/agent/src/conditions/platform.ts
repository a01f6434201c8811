import type { agent as proto } from "@steward/contracts";
import { runScript } from "../jobs/run-script.js";
import type { ScriptRunner } from "./checks.js";
import { LinuxProbe } from "./linux.js";
import { MacProbe } from "./macos.js";
import type { SystemProbe } from "./probe.js";
import { WindowsProbe } from "./windows.js";

/** The probe of the platform the agent runs on. */
export function probeFor(platform: NodeJS.Platform = process.platform): SystemProbe {
  if (platform === "win32") return new WindowsProbe();
  if (platform === "darwin") return new MacProbe();
  return new LinuxProbe();
}

/** Longest a condition's script may run, whatever the script's own timeout. */
const MAX_SCRIPT_SECONDS = 300;

/** Runs a condition's script like a run-script command as the agent itself, with no parameters. */
export const runConditionScript: ScriptRunner = async (script: proto.AppliedScript) => {
  const result = await runScript(
    {
      language: script.language,
      body: script.body,
      parameters: [],
      timeoutSeconds: Math.min(script.timeoutSeconds, MAX_SCRIPT_SECONDS),
      runAs: "System",
    },
    () => undefined,
  ).done;
  return {
    exitCode: result.exitCode,
    stdout: result.stdout,
    errorMessage: result.errorMessage,
    timedOut: result.timedOut,
  };
};
