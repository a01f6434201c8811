import { describe, expect, it } from "vitest";
import { launchdPlist, systemdUnit, windowsServiceScript } from "./definitions.js";

const spec = {
  nodePath: "/usr/bin/node",
  agentPath: "/opt/steward/steward-agent.mjs",
  dataDir: "/var/lib/steward-agent",
};

describe("service definitions", () => {
  it("systemd unit runs the agent and restarts it", () => {
    const unit = systemdUnit(spec);
    expect(unit).toMatch(/^\[Unit\]\n/);
    expect(unit).toContain('ExecStart="/usr/bin/node" "/opt/steward/steward-agent.mjs" run');
    expect(unit).toContain("Restart=always");
    expect(unit).toContain("WantedBy=multi-user.target");
    expect(unit).toContain("Environment=STEWARD_AGENT_DATA_DIR=/var/lib/steward-agent");
  });

  it("launchd plist is well-formed XML with the program arguments, escaped", () => {
    const plist = launchdPlist({ ...spec, agentPath: "/Applications/A&B/agent.mjs" });
    expect(plist).toContain("<key>Label</key>\n  <string>com.steward.agent</string>");
    expect(plist).toContain("<string>/Applications/A&amp;B/agent.mjs</string>");
    expect(plist).toContain("<key>KeepAlive</key>\n  <true/>");
    const open = (plist.match(/<dict>/g) ?? []).length;
    expect((plist.match(/<\/dict>/g) ?? []).length).toBe(open);
  });

  it("Windows script registers an automatic service with restart on failure, quoting paths", () => {
    const script = windowsServiceScript({
      nodePath: "C:\\Program Files\\nodejs\\node.exe",
      agentPath: "C:\\Steward\\agent.mjs",
      dataDir: "C:\\ProgramData\\Steward's",
    });
    expect(script).toContain("New-Service -Name 'StewardAgent'");
    expect(script).toContain(
      `-BinaryPathName '"C:\\Program Files\\nodejs\\node.exe" "C:\\Steward\\agent.mjs" run'`,
    );
    expect(script).toContain("-StartupType Automatic");
    expect(script).toContain("sc.exe failure StewardAgent");
    expect(script).toContain("'C:\\ProgramData\\Steward''s'");
  });
});
