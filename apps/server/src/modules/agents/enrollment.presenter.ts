import type { EnrollmentToken } from "@steward/contracts";
import { tokenState } from "./enrollment.service.js";
import type { EnrollmentTokenRow } from "./enrollment.repository.js";

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
) {
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
