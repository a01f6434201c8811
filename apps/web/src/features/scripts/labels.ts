import type { ScriptOs } from "@steward/domain";

export const scriptOsLabels: Record<ScriptOs, string> = {
  WINDOWS: "Windows",
  MAC: "macOS",
  LINUX: "Linux",
  ANY: "Any OS",
};

export const architectureLabels = { ALL: "All", X64: "x64", X86: "x86", ARM64: "ARM64" } as const;
