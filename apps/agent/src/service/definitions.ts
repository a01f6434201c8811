/** Service definitions for each OS; `install-service` writes the one for the running OS. */
export interface ServiceSpec {
  /** The executable the service starts: Node.js, or the self-contained agent itself. */
  nodePath: string;
  /** The agent script Node.js runs; absent for the self-contained agent. */
  agentPath?: string;
  dataDir: string;
}

const q = (s: string) => `"${s.replace(/(["\\])/g, "\\$1")}"`;

export function systemdUnit(spec: ServiceSpec): string {
  return `[Unit]
Description=Steward agent
Documentation=https://github.com/steward-rmm/steward
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
Environment=STEWARD_AGENT_DATA_DIR=${spec.dataDir}
ExecStart=${[spec.nodePath, spec.agentPath].flatMap((p) => (p ? [q(p)] : [])).join(" ")} run
Restart=always
RestartSec=5
KillMode=process

[Install]
WantedBy=multi-user.target
`;
}

const xml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** launchd property list for /Library/LaunchDaemons/com.steward.agent.plist */
export function launchdPlist(spec: ServiceSpec): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0">
<dict>
  <key>Label</key>
  <string>com.steward.agent</string>
  <key>ProgramArguments</key>
  <array>
${[spec.nodePath, spec.agentPath, "run"]
  .flatMap((p) => (p ? [`    <string>${xml(p)}</string>`] : []))
  .join("\n")}
  </array>
  <key>EnvironmentVariables</key>
  <dict>
    <key>STEWARD_AGENT_DATA_DIR</key>
    <string>${xml(spec.dataDir)}</string>
  </dict>
  <key>RunAtLoad</key>
  <true/>
  <key>KeepAlive</key>
  <true/>
  <key>StandardErrorPath</key>
  <string>/Library/Logs/Steward/agent.log</string>
</dict>
</plist>
`;
}

/**
 * Windows: a PowerShell script that registers the agent with the Service Control Manager
 * (New-Service) and sets restart-on-failure (sc.exe failure).
 */
export function windowsServiceScript(spec: ServiceSpec): string {
  const ps = (s: string) => `'${s.replace(/'/g, "''")}'`;
  const binPath = `${[spec.nodePath, spec.agentPath].flatMap((p) => (p ? [`"${p}"`] : [])).join(" ")} run`;
  return `$ErrorActionPreference = 'Stop'
[Environment]::SetEnvironmentVariable('STEWARD_AGENT_DATA_DIR', ${ps(spec.dataDir)}, 'Machine')
New-Service -Name 'StewardAgent' -DisplayName 'Steward agent' -BinaryPathName ${ps(binPath)} -StartupType Automatic -Description 'Steward remote monitoring and management agent'
sc.exe failure StewardAgent reset= 86400 actions= restart/5000/restart/5000/restart/60000 | Out-Null
Start-Service -Name 'StewardAgent'
`;
}
