#!/usr/bin/env node
// The Steward agent arrives with the agent issue; this entry point only reports its version.
export const AGENT_VERSION = "0.1.0";

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split("/").pop() ?? "")) {
  process.stdout.write(`steward-agent ${AGENT_VERSION}\n`);
}
