import { AgentCommandRegistry } from "./registry.js";
import { cancelHandler } from "./cancel.js";
import { runScriptHandler } from "./run-script.js";
import { wakeOnLanHandler } from "./wake-on-lan.js";
import { devicePowerHandler } from "./device-power.js";
import { uninstallAgentHandler } from "./uninstall-agent.js";
import { backupRestoreHandler, backupRunHandler } from "./backup.js";

export * from "./registry.js";
export { openSealedSecret } from "./secrets.js";
export { PolicyApplier, applyPolicyHandler, POLICY_FILE, type PolicyTargets } from "./apply-policy.js";

/** Every command kind this agent runs. */
export function defaultAgentCommands(): AgentCommandRegistry {
  return new AgentCommandRegistry([
    runScriptHandler,
    cancelHandler,
    wakeOnLanHandler,
    devicePowerHandler(),
    uninstallAgentHandler(),
    backupRunHandler,
    backupRestoreHandler,
  ]);
}
