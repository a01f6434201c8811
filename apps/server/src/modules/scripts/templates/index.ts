import type { ScriptTemplate } from "@steward/contracts";
import { crossPlatformTemplates } from "./cross-platform.js";
import { linuxDiagnosticTemplates } from "./linux-diagnostics.js";
import { linuxMaintenanceTemplates } from "./linux-maintenance.js";
import { linuxSecurityTemplates } from "./linux-security.js";
import { linuxUpdateTemplates } from "./linux-updates.js";
import { macTemplates } from "./mac.js";
import { windowsDiagnosticTemplates } from "./windows-diagnostics.js";
import { windowsMaintenanceTemplates } from "./windows-maintenance.js";
import { windowsSecurityTemplates } from "./windows-security.js";
import { windowsUpdateTemplates } from "./windows-updates.js";

/** The built-in template scripts (/editor/templateScript/:id), in display order: read-only, copied into the library. */
export const scriptTemplates: readonly ScriptTemplate[] = [
  ...windowsMaintenanceTemplates,
  ...windowsDiagnosticTemplates,
  ...windowsSecurityTemplates,
  ...windowsUpdateTemplates,
  ...linuxMaintenanceTemplates,
  ...linuxDiagnosticTemplates,
  ...linuxSecurityTemplates,
  ...linuxUpdateTemplates,
  ...macTemplates,
  ...crossPlatformTemplates,
];

const ids = new Set<string>();
for (const t of scriptTemplates) {
  if (ids.has(t.id)) throw new Error(`duplicate script template id ${t.id}`);
  ids.add(t.id);
}
