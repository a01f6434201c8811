/**
 * Service definitions for each OS; `install-service` writes the one for the running OS.
 *
 * Every service starts the agent as its launcher (`launch --install-dir DIR`), not `run`: the
 * launcher starts whichever version the install folder names as current and restores the
 * previous one when an update fails its health check, so self-updates survive a reboot.
 */
export interface ServiceSpec {
  /** The executable the service starts: Node.js, or the self-contained agent itself. */
  nodePath: string;
  /** The agent script Node.js runs; absent for the self-contained agent. */
  agentPath?: string;
  dataDir: string;
  /** The install folder holding the installed versions and the pointer to the current one. */
  installDir: string;
}

const q = (s: string) => `"${s.replace(/(["\\])/g, "\\$1")}"`;

/** The program and its arguments, as the service manager starts them. */
export function serviceCommand(spec: ServiceSpec): string[] {
  return [
    spec.nodePath,
    ...(spec.agentPath ? [spec.agentPath] : []),
    "launch",
    "--install-dir",
    spec.installDir,
  ];
}

/** Quotes the paths (program, script, install folder) and leaves the words bare. */
function commandLine(spec: ServiceSpec, quote: (s: string) => string): string {
  const paths = new Set([spec.nodePath, spec.agentPath, spec.installDir]);
  return serviceCommand(spec)
    .map((part) => (paths.has(part) ? quote(part) : part))
    .join(" ");
}

export function systemdUnit(spec: ServiceSpec): string {
  return `[Unit]
Description=Steward agent
Documentation=https://github.com/steward-rmm/steward
Wants=network-online.target
After=network-online.target

[Service]
Type=simple
Environment=STEWARD_AGENT_DATA_DIR=${spec.dataDir}
ExecStart=${commandLine(spec, q)}
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
${serviceCommand(spec)
  .map((p) => `    <string>${xml(p)}</string>`)
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
  const binPath = commandLine(spec, (p) => `"${p}"`);
  return `$ErrorActionPreference = 'Stop'
[Environment]::SetEnvironmentVariable('STEWARD_AGENT_DATA_DIR', ${ps(spec.dataDir)}, 'Machine')
New-Service -Name 'StewardAgent' -DisplayName 'Steward agent' -BinaryPathName ${ps(binPath)} -StartupType Automatic -Description 'Steward remote monitoring and management agent'
sc.exe failure StewardAgent reset= 86400 actions= restart/5000/restart/5000/restart/60000 | Out-Null
Start-Service -Name 'StewardAgent'
`;
}
