import type { ScriptTemplate } from "@steward/contracts";
import type { ScriptArchitecture, ScriptOs, ScriptParameterType } from "@steward/domain";
import type { MessageKey } from "../../i18n";

/** How the architectures a script targets are named. */
export const architectureText: Record<ScriptArchitecture, MessageKey> = {
  ALL: "scripts.architectures.ALL",
  X64: "scripts.architectures.X64",
  X86: "scripts.architectures.X86",
  ARM64: "scripts.architectures.ARM64",
};

/** How the operating systems a script targets are named ("ANY": every one). */
export const scriptOsText: Record<ScriptOs, MessageKey> = {
  WINDOWS: "scripts.os.WINDOWS",
  MAC: "scripts.os.MAC",
  LINUX: "scripts.os.LINUX",
  ANY: "scripts.os.ANY",
};

/** How the kinds of script parameter are named. */
export const parameterTypeText: Record<ScriptParameterType, MessageKey> = {
  text: "scripts.parameterTypes.text",
  number: "scripts.parameterTypes.number",
  boolean: "scripts.parameterTypes.boolean",
  choice: "scripts.parameterTypes.choice",
};

/**
 * How the built-in Run As choices are named, by the value a job carries (the value itself
 * stays as the agent knows it).
 */
export const runAsChoiceText: Record<string, MessageKey | undefined> = {
  System: "scripts.runAs.choices.system",
  "Current Logged on User": "scripts.runAs.choices.currentUser",
  "Preferred Windows Local Admin": "scripts.runAs.choices.windowsLocalAdmin",
  "Preferred Windows Domain Admin": "scripts.runAs.choices.windowsDomainAdmin",
  "Preferred Mac Credential": "scripts.runAs.choices.mac",
  "Preferred Linux Credential": "scripts.runAs.choices.linux",
};

/** How the template script categories are named. */
export const categoryText: Record<ScriptTemplate["category"], MessageKey> = {
  Maintenance: "scripts.categories.Maintenance",
  Diagnostics: "scripts.categories.Diagnostics",
  Security: "scripts.categories.Security",
  Networking: "scripts.categories.Networking",
  Users: "scripts.categories.Users",
  Updates: "scripts.categories.Updates",
};
