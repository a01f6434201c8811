import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.js";

describe("server configuration: whole-number settings", () => {
  it("takes 0 where 0 has a meaning: no cap on agent update downloads, any free agent port", () => {
    const config = loadConfig({ STEWARD_AGENT_UPDATE_BYTES_PER_SECOND: "0", STEWARD_AGENT_PORT: "0" });
    expect(config.agentUpdateBytesPerSecond).toBe(0);
    expect(config.agentPort).toBe(0);
  });

  it("takes a positive cap and port as given, and falls back to the defaults when unset or blank", () => {
    expect(loadConfig({ STEWARD_AGENT_UPDATE_BYTES_PER_SECOND: "65536" }).agentUpdateBytesPerSecond).toBe(
      65536,
    );
    const defaults = loadConfig({ PORT: "9000", STEWARD_AGENT_UPDATE_BYTES_PER_SECOND: " " });
    expect(defaults.agentPort).toBe(9001);
    expect(defaults.agentUpdateBytesPerSecond).toBe(0);
  });

  it("refuses a negative or fractional value naming the setting", () => {
    expect(() => loadConfig({ STEWARD_AGENT_UPDATE_BYTES_PER_SECOND: "-1" })).toThrow(
      /STEWARD_AGENT_UPDATE_BYTES_PER_SECOND must be a whole number of 0 or more/,
    );
    expect(() => loadConfig({ STEWARD_AGENT_PORT: "1.5" })).toThrow(/STEWARD_AGENT_PORT/);
  });

  it("still refuses 0 where it means nothing, such as the heartbeat interval", () => {
    expect(() => loadConfig({ STEWARD_AGENT_HEARTBEAT_SECONDS: "0" })).toThrow(
      /STEWARD_AGENT_HEARTBEAT_SECONDS must be a positive integer/,
    );
  });
});
