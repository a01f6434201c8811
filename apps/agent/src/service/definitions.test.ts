import { describe, expect, it } from "vitest";
import { launchdPlist, serviceCommand, systemdUnit, windowsServiceScript } from "./definitions.js";

const spec = {
  nodePath: "/usr/bin/node",
  agentPath: "/opt/steward/steward-agent.mjs",
  dataDir: "/var/lib/steward-agent",
  installDir: "/opt/steward",
};

/** The value of one `Key=value` line of a unit file. */
const unitValue = (unit: string, key: string) =>
  unit
    .split("\n")
    .find((line) => line.startsWith(`${key}=`))
    ?.slice(key.length + 1);

describe("service definitions", () => {
  it("every service starts the launcher over the install folder, so an installed update survives a reboot", () => {
    expect(serviceCommand(spec)).toEqual([
      "/usr/bin/node",
      "/opt/steward/steward-agent.mjs",
      "launch",
      "--install-dir",
      "/opt/steward",
    ]);
    // The self-contained executable is the program itself.
    expect(
      serviceCommand({ nodePath: "/opt/steward/steward-agent", dataDir: "/d", installDir: "/opt/steward" }),
    ).toEqual(["/opt/steward/steward-agent", "launch", "--install-dir", "/opt/steward"]);
  });

  it("systemd unit launches the agent and restarts it", () => {
    const unit = systemdUnit(spec);
    expect(unit).toMatch(/^\[Unit\]\n/);
    expect(unitValue(unit, "ExecStart")).toBe(
      '"/usr/bin/node" "/opt/steward/steward-agent.mjs" launch --install-dir "/opt/steward"',
    );
    expect(unit).not.toMatch(/ run$/m);
    expect(unit).toContain("Restart=always");
    expect(unit).toContain("WantedBy=multi-user.target");
    expect(unit).toContain("Environment=STEWARD_AGENT_DATA_DIR=/var/lib/steward-agent");
  });

  it("systemd unit quotes an install folder with spaces or quotes as one argument", () => {
    const unit = systemdUnit({
      nodePath: "/opt/my agent/steward-agent",
      dataDir: "/d",
      installDir: '/opt/my "agent"',
    });
    expect(unitValue(unit, "ExecStart")).toBe(
      '"/opt/my agent/steward-agent" launch --install-dir "/opt/my \\"agent\\""',
    );
  });

  it("launchd plist is well-formed XML with the launcher's arguments, escaped", () => {
    const plist = launchdPlist({
      ...spec,
      agentPath: "/Applications/A&B/agent.mjs",
      installDir: "/Applications/A&B",
    });
    expect(plist).toContain("<key>Label</key>\n  <string>com.steward.agent</string>");
    const args = /<key>ProgramArguments<\/key>\s*<array>([\s\S]*?)<\/array>/.exec(plist)?.[1] ?? "";
    expect([...args.matchAll(/<string>(.*?)<\/string>/g)].map((m) => m[1])).toEqual([
      "/usr/bin/node",
      "/Applications/A&amp;B/agent.mjs",
      "launch",
      "--install-dir",
      "/Applications/A&amp;B",
    ]);
    expect(plist).toContain("<key>KeepAlive</key>\n  <true/>");
    const open = (plist.match(/<dict>/g) ?? []).length;
    expect((plist.match(/<\/dict>/g) ?? []).length).toBe(open);
  });

  it("Windows script registers an automatic service that launches the agent, with restart on failure, quoting paths", () => {
    const script = windowsServiceScript({
      nodePath: "C:\\Program Files\\nodejs\\node.exe",
      agentPath: "C:\\Steward\\agent.mjs",
      dataDir: "C:\\ProgramData\\Steward's",
      installDir: "C:\\Steward",
    });
    expect(script).toContain("New-Service -Name 'StewardAgent'");
    expect(script).toContain(
      `-BinaryPathName '"C:\\Program Files\\nodejs\\node.exe" "C:\\Steward\\agent.mjs" launch --install-dir "C:\\Steward"'`,
    );
    expect(script).toContain("-StartupType Automatic");
    expect(script).toContain("sc.exe failure StewardAgent");
    expect(script).toContain("'C:\\ProgramData\\Steward''s'");
  });
});
