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

/** One-line install commands for each OS (Node.js 20+ must be installed on the device). */
export function installCommands(agentUrl: string, token: string, organizationId: number) {
  const download = `${agentUrl}/agent/v1/download/steward-agent.mjs`;
  const enroll = `enroll --server ${agentUrl} --token ${token}`;
  void organizationId;
  // Linux downloads with Node.js itself: the one prerequisite; curl is missing on minimal installs.
  // Single quotes and no "!" keep the script safe from the shell (history expansion included).
  // sudo resets PATH, so a Node.js installed per user (nvm, fnm) is named by the path the
  // technician's own shell finds.
  const node = `"$(command -v node)"`;
  const nodeDownload =
    `${node} -e 'fetch(process.argv[1]).then((r) => { if (r.ok) return r.arrayBuffer(); ` +
    `throw new Error("download failed: HTTP " + r.status); })` +
    `.then((b) => require("fs").writeFileSync(process.argv[2], Buffer.from(b)))'`;
  return {
    linux:
      `sudo mkdir -p /opt/steward && sudo ${nodeDownload} ${download} /opt/steward/steward-agent.mjs && ` +
      `sudo ${node} /opt/steward/steward-agent.mjs ${enroll} && sudo ${node} /opt/steward/steward-agent.mjs install-service && ` +
      `sudo systemctl daemon-reload && sudo systemctl enable --now steward-agent`,
    mac:
      `sudo mkdir -p /usr/local/steward && sudo curl -fsSLo /usr/local/steward/steward-agent.mjs ${download} && ` +
      `sudo ${node} /usr/local/steward/steward-agent.mjs ${enroll} && sudo ${node} /usr/local/steward/steward-agent.mjs install-service && ` +
      `sudo launchctl load -w /Library/LaunchDaemons/com.steward.agent.plist`,
    windows:
      `New-Item -ItemType Directory -Force "$env:ProgramFiles\\Steward" | Out-Null; ` +
      `Invoke-WebRequest -UseBasicParsing -Uri ${download} -OutFile "$env:ProgramFiles\\Steward\\steward-agent.mjs"; ` +
      `node "$env:ProgramFiles\\Steward\\steward-agent.mjs" ${enroll}; ` +
      `node "$env:ProgramFiles\\Steward\\steward-agent.mjs" install-service; ` +
      `powershell -ExecutionPolicy Bypass -File "$env:ProgramData\\Steward\\Agent\\install-service.ps1"`,
  };
}
