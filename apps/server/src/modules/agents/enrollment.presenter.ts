import type { EnrollmentToken } from "@steward/contracts";
import { tokenState } from "./enrollment.service.js";
import type { EnrollmentTokenRow } from "./enrollment.repository.js";
import { releaseBinary, type AgentRelease } from "./agent-release.js";

export function presentToken(row: EnrollmentTokenRow, locationName: string): EnrollmentToken {
  return {
    id: row.id,
    organizationId: row.organizationId,
    locationId: row.locationId,
    locationName,
    name: row.name,
    state: tokenState(row),
    expiresAt: row.expiresAt.toISOString(),
    maxUses: row.maxUses,
    useCount: row.useCount,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export interface InstallCommandPins {
  /** SHA-256 (hex) of the server's command-signing key: the agent refuses an enrollment answer with another. */
  serverKeyFingerprint: string;
  /** SHA-256 (hex) of the agent file served for download: a file with another hash is never run. */
  agentSha256: string | null;
}

/**
 * One-line install commands for each OS (Node.js 20+ must be installed on the device). Each
 * downloads the agent, checks its SHA-256 before saving it under its final name (a file with
 * another hash is deleted and nothing runs), and enrolls with the server key's fingerprint.
 */
export function installCommands(
  agentUrl: string,
  token: string,
  organizationId: number,
  pins: InstallCommandPins,
  release: AgentRelease | null = null,
) {
  if (releaseBinary(release, "linux-x64"))
    return binaryInstallCommands(agentUrl, token, pins.serverKeyFingerprint, release);
  const download = `${agentUrl}/agent/v1/download/steward-agent.mjs`;
  // A value that never matches when the agent is not built: the download step then fails.
  const sha256 = pins.agentSha256 ?? "agent-not-built";
  const enroll = `enroll --server ${agentUrl} --token ${token} --server-key-fingerprint ${pins.serverKeyFingerprint}`;
  void organizationId;
  // Linux and macOS download with Node.js itself: the one prerequisite (curl is missing on
  // minimal installs, sha256sum/shasum differ between systems). The file is written only when
  // its SHA-256 matches. Single quotes and no "!" keep the script safe from the shell (history
  // expansion included). sudo resets PATH, so a Node.js installed per user (nvm, fnm) is named
  // by the path the technician's own shell finds.
  const node = `"$(command -v node)"`;
  const nodeDownload =
    `${node} -e 'fetch(process.argv[1]).then((r) => { if (r.ok) return r.arrayBuffer(); ` +
    `throw new Error("download failed: HTTP " + r.status); }).then((b) => { const data = Buffer.from(b); ` +
    `const got = require("crypto").createHash("sha256").update(data).digest("hex"); ` +
    `if (got === process.argv[3]) require("fs").writeFileSync(process.argv[2], data); ` +
    `else throw new Error("the downloaded agent does not match its SHA-256 (got " + got + "); not installed"); })'`;
  const fetchTo = (file: string) => `sudo ${nodeDownload} ${download} ${file} ${sha256}`;
  const winDir = `$env:ProgramFiles\\Steward`;
  const winFile = `"${winDir}\\steward-agent.mjs"`;
  const winPart = `"${winDir}\\steward-agent.mjs.download"`;
  return {
    linux:
      `sudo mkdir -p /opt/steward && ${fetchTo("/opt/steward/steward-agent.mjs")} && ` +
      `sudo ${node} /opt/steward/steward-agent.mjs ${enroll} && sudo ${node} /opt/steward/steward-agent.mjs install-service && ` +
      `sudo systemctl daemon-reload && sudo systemctl enable --now steward-agent`,
    mac:
      `sudo mkdir -p /usr/local/steward && ${fetchTo("/usr/local/steward/steward-agent.mjs")} && ` +
      `sudo ${node} /usr/local/steward/steward-agent.mjs ${enroll} && sudo ${node} /usr/local/steward/steward-agent.mjs install-service && ` +
      `sudo launchctl load -w /Library/LaunchDaemons/com.steward.agent.plist`,
    windows:
      `$ErrorActionPreference = "Stop"; ` +
      `New-Item -ItemType Directory -Force "${winDir}" | Out-Null; ` +
      `Invoke-WebRequest -UseBasicParsing -Uri ${download} -OutFile ${winPart}; ` +
      `if ((Get-FileHash -Algorithm SHA256 ${winPart}).Hash -ne "${sha256}") { Remove-Item ${winPart}; throw "The downloaded agent does not match its SHA-256; not installed" }; ` +
      `Move-Item -Force ${winPart} ${winFile}; ` +
      `node ${winFile} ${enroll}; ` +
      `node ${winFile} install-service; ` +
      `powershell -ExecutionPolicy Bypass -File "$env:ProgramData\\Steward\\Agent\\install-service.ps1"`,
  };
}

/**
 * One-line install commands with the self-contained agent (no prerequisite): each picks the
 * executable for the machine's architecture, checks its SHA-256 before installing it (a file
 * with another hash is never run), enrolls with the server key's fingerprint and installs the
 * service. A platform whose binary was not built gets a hash that never matches.
 */
export function binaryInstallCommands(
  agentUrl: string,
  token: string,
  fingerprint: string,
  release: AgentRelease | null,
) {
  const base = `${agentUrl}/agent/v1/download`;
  const sha = (target: string) => releaseBinary(release, target)?.sha256 ?? "not-built";
  const enroll = `enroll --server ${agentUrl} --token ${token} --server-key-fingerprint ${fingerprint}`;
  // curl where present, wget otherwise (minimal installs carry one of them).
  const linuxBin = "/opt/steward/steward-agent";
  const linux =
    `case "$(uname -m)" in aarch64|arm64) T=linux-arm64; S=${sha("linux-arm64")};; ` +
    `*) T=linux-x64; S=${sha("linux-x64")};; esac; ` +
    `D="$(mktemp -d)" && { curl -fsSL -o "$D/steward-agent" "${base}/steward-agent-$T" || wget -qO "$D/steward-agent" "${base}/steward-agent-$T"; } && ` +
    `echo "$S  $D/steward-agent" | sha256sum -c --quiet && ` +
    `sudo install -D -m 0755 "$D/steward-agent" ${linuxBin} && rm -rf "$D" && ` +
    `sudo ${linuxBin} ${enroll} && sudo ${linuxBin} install-service && ` +
    `sudo systemctl daemon-reload && sudo systemctl enable --now steward-agent`;
  const macBin = "/usr/local/steward/steward-agent";
  const mac =
    `case "$(uname -m)" in arm64) T=darwin-arm64; S=${sha("darwin-arm64")};; ` +
    `*) T=darwin-x64; S=${sha("darwin-x64")};; esac; ` +
    `D="$(mktemp -d)" && curl -fsSL -o "$D/steward-agent" "${base}/steward-agent-$T" && ` +
    `echo "$S  $D/steward-agent" | shasum -a 256 -c --quiet && ` +
    `sudo install -d /usr/local/steward && sudo install -m 0755 "$D/steward-agent" ${macBin} && rm -rf "$D" && ` +
    `sudo ${macBin} ${enroll} && sudo ${macBin} install-service && ` +
    `sudo launchctl load -w /Library/LaunchDaemons/com.steward.agent.plist`;
  const winDir = `$env:ProgramFiles\\Steward`;
  const winFile = `"${winDir}\\steward-agent.exe"`;
  const winPart = `"${winDir}\\steward-agent.exe.download"`;
  const windows =
    `$ErrorActionPreference = "Stop"; ` +
    `New-Item -ItemType Directory -Force "${winDir}" | Out-Null; ` +
    `Invoke-WebRequest -UseBasicParsing -Uri ${base}/steward-agent-win-x64.exe -OutFile ${winPart}; ` +
    `if ((Get-FileHash -Algorithm SHA256 ${winPart}).Hash -ne "${sha("win-x64")}") { Remove-Item ${winPart}; throw "The downloaded agent does not match its SHA-256; not installed" }; ` +
    `Move-Item -Force ${winPart} ${winFile}; ` +
    `& ${winFile} ${enroll}; ` +
    `& ${winFile} install-service; ` +
    `powershell -ExecutionPolicy Bypass -File "$env:ProgramData\\Steward\\Agent\\install-service.ps1"`;
  return { linux, mac, windows };
}
