import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** One file of the agent release: a self-contained executable or a native package. */
export interface AgentArtifact {
  file: string;
  kind: "binary" | "deb" | "rpm" | "msi" | "macos-layout";
  /** Platform and architecture, e.g. linux-x64 (null when the file is not tied to one). */
  target: string | null;
  size: number;
  sha256: string;
}

export interface AgentRelease {
  version: string;
  builtAt: string;
  artifacts: AgentArtifact[];
}

/**
 * The folder the agent packaging build writes (`npm run build:agent-binaries`): binaries,
 * packages, SHA256SUMS and manifest.json. STEWARD_AGENT_RELEASE_DIR points elsewhere.
 */
export function agentReleaseDir(): string {
  return path.resolve(
    process.env.STEWARD_AGENT_RELEASE_DIR ??
      fileURLToPath(new URL("../../../../agent/dist/release", import.meta.url)),
  );
}

let cached: { dir: string; stamp: string; release: AgentRelease | null } | undefined;

/** The built release (read again when its manifest changes); null when none was built. */
export function agentRelease(): AgentRelease | null {
  const dir = agentReleaseDir();
  const file = path.join(dir, "manifest.json");
  let stamp: string;
  try {
    const stat = fs.statSync(file);
    stamp = `${stat.size}:${stat.mtimeMs}`;
  } catch {
    return null;
  }
  if (cached?.dir === dir && cached.stamp === stamp) return cached.release;
  let release: AgentRelease | null = null;
  try {
    const json = JSON.parse(fs.readFileSync(file, "utf8")) as AgentRelease;
    if (typeof json.version === "string" && Array.isArray(json.artifacts)) release = json;
  } catch {
    release = null;
  }
  cached = { dir, stamp, release };
  return release;
}

/** The binary artifact of a target (linux-x64, win-x64, ...), if built. */
export function releaseBinary(release: AgentRelease | null, target: string): AgentArtifact | undefined {
  return release?.artifacts.find((a) => a.kind === "binary" && a.target === target);
}

/**
 * The path of a release file served for download: only names listed in the manifest (and
 * SHA256SUMS), so nothing else in or outside the folder can be reached.
 */
export function releaseFilePath(name: string): string | null {
  const release = agentRelease();
  if (!release) return null;
  if (name !== "SHA256SUMS" && !release.artifacts.some((a) => a.file === name)) return null;
  const full = path.join(agentReleaseDir(), name);
  return fs.existsSync(full) ? full : null;
}
