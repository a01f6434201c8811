import { applyPolicyCommand } from "./apply-policy.js";
import { cancelCommand } from "./cancel.js";
import { runScriptCommand } from "./run-script.js";
import { wakeOnLanCommand } from "./wake-on-lan.js";
import { devicePowerCommand } from "./device-power.js";
import { uninstallAgentCommand } from "./uninstall-agent.js";
import { backupRestoreCommand, backupRunCommand } from "./backup.js";

export * from "./define.js";
export * from "./run-script.js";
export * from "./cancel.js";
export * from "./wake-on-lan.js";
export * from "./apply-policy.js";
export * from "./device-power.js";
export * from "./uninstall-agent.js";
export * from "./backup.js";

/**
 * Every command kind the protocol knows. A new kind (backup, patching, policies, remote tools)
 * adds its file beside these and one line here; the server and the agent register a handler
 * for it in their own command registries.
 */
export const commandKinds = {
  [runScriptCommand.kind]: runScriptCommand,
  [cancelCommand.kind]: cancelCommand,
  [wakeOnLanCommand.kind]: wakeOnLanCommand,
  [applyPolicyCommand.kind]: applyPolicyCommand,
  [devicePowerCommand.kind]: devicePowerCommand,
  [uninstallAgentCommand.kind]: uninstallAgentCommand,
  [backupRunCommand.kind]: backupRunCommand,
  [backupRestoreCommand.kind]: backupRestoreCommand,
} as const;
export type CommandKindName = keyof typeof commandKinds;
