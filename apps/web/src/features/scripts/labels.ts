export const architectureLabels = { ALL: "All", X64: "x64", X86: "x86", ARM64: "ARM64" } as const;
