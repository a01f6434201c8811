import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { agentRelease, releaseFilePath, type AgentRelease } from "./agent-release.js";
import { installCommands } from "./enrollment.presenter.js";

const sha = (c: string) => c.repeat(64);
const release: AgentRelease = {
  version: "0.1.0",
  builtAt: "2026-11-24T15:00:00.000Z",
  artifacts: [
    { file: "steward-agent-linux-x64", kind: "binary", target: "linux-x64", size: 10, sha256: sha("a") },
    { file: "steward-agent-linux-arm64", kind: "binary", target: "linux-arm64", size: 10, sha256: sha("b") },
    { file: "steward-agent-win-x64.exe", kind: "binary", target: "win-x64", size: 10, sha256: sha("c") },
    {
      file: "steward-agent-darwin-arm64",
      kind: "binary",
      target: "darwin-arm64",
      size: 10,
      sha256: sha("d"),
    },
  ],
};
const pins = { serverKeyFingerprint: sha("f"), agentSha256: sha("0") };

describe("install commands with the self-contained agent", () => {
  const commands = installCommands("https://agents.example.test", "TOKEN", 1, pins, release);

  it("need no Node.js and check each platform's executable against its SHA-256 before running it", () => {
    for (const os of ["linux", "mac", "windows"] as const) {
      expect(commands[os]).not.toMatch(/\bnode\b/i);
      expect(commands[os]).toContain(`--server-key-fingerprint ${sha("f")}`);
      expect(commands[os]).toContain("--token TOKEN");
    }
    expect(commands.linux).toContain(`T=linux-x64; S=${sha("a")}`);
    expect(commands.linux).toContain(`T=linux-arm64; S=${sha("b")}`);
    expect(commands.linux).toMatch(/sha256sum -c --quiet && sudo install /);
    expect(commands.mac).toContain(`T=darwin-arm64; S=${sha("d")}`);
    // Not built: a hash that never matches, so nothing runs.
    expect(commands.mac).toContain("T=darwin-x64; S=not-built");
    expect(commands.windows).toContain(`-ne "${sha("c")}"`);
    expect(commands.windows).toContain(
      "https://agents.example.test/agent/v1/download/steward-agent-win-x64.exe",
    );
  });

  it("fall back to the JavaScript agent and Node.js when no release was built", () => {
    const script = installCommands("https://agents.example.test", "TOKEN", 1, pins, null);
    expect(script.linux).toContain("steward-agent.mjs");
    expect(script.linux).toContain(sha("0"));
  });
});

describe("the release folder", () => {
  const previous = process.env.STEWARD_AGENT_RELEASE_DIR;
  afterEach(() => {
    if (previous === undefined) delete process.env.STEWARD_AGENT_RELEASE_DIR;
    else process.env.STEWARD_AGENT_RELEASE_DIR = previous;
  });

  it("serves only the files its manifest lists, and SHA256SUMS", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-release-"));
    process.env.STEWARD_AGENT_RELEASE_DIR = dir;
    expect(agentRelease()).toBeNull();
    fs.writeFileSync(path.join(dir, "manifest.json"), JSON.stringify(release));
    fs.writeFileSync(path.join(dir, "SHA256SUMS"), "");
    fs.writeFileSync(path.join(dir, "steward-agent-linux-x64"), "x");
    fs.writeFileSync(path.join(dir, "other"), "x");
    expect(agentRelease()?.version).toBe("0.1.0");
    expect(releaseFilePath("steward-agent-linux-x64")).toBe(path.join(dir, "steward-agent-linux-x64"));
    expect(releaseFilePath("SHA256SUMS")).toBe(path.join(dir, "SHA256SUMS"));
    expect(releaseFilePath("other")).toBeNull();
    expect(releaseFilePath("manifest.json")).toBeNull();
    expect(releaseFilePath("../agent/dist/steward-agent.mjs")).toBeNull();
    // Listed but missing on disk.
    expect(releaseFilePath("steward-agent-win-x64.exe")).toBeNull();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
