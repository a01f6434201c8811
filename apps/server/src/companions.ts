import { spawn, execFile, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import type { FastifyBaseLogger } from "fastify";
import { eq } from "drizzle-orm";
import type { AppDeps } from "./platform/deps.js";
import { agentBundlePath, serverKeyFingerprint, type AgentSide } from "./modules/agents/index.js";
import { locations, organizations } from "./modules/organizations/organizations.tables.js";

const run = promisify(execFile);

/** Finds or creates an organization (with its default location) by name. */
export async function ensureOrganization(deps: Pick<AppDeps, "db">, name: string, description = "") {
  const existing = await deps.db.select().from(organizations).where(eq(organizations.name, name)).limit(1);
  const org =
    existing[0] ??
    (
      await deps.db
        .insert(organizations)
        .values({ name, description, nodeApprovalMode: "AUTOMATIC" })
        .returning()
    )[0]!;
  const locs = await deps.db.select().from(locations).where(eq(locations.organizationId, org.id));
  const loc =
    locs.find((l) => l.isDefault) ??
    locs[0] ??
    (
      await deps.db
        .insert(locations)
        .values({ organizationId: org.id, name: "Main Office", isDefault: true })
        .returning()
    )[0]!;
  return { organizationId: org.id, locationId: loc.id };
}

export interface Companions {
  stop(): void;
}

/**
 * What `npm start` runs beside the console: a real agent for this machine (so a new user sees
 * one real device at once) and, on request, a demo fleet of simulated agents.
 */
export async function startCompanions(
  deps: AppDeps,
  agents: AgentSide,
  agentUrl: string,
  options: { localAgent: boolean; demoFleet: number },
  log: FastifyBaseLogger,
): Promise<Companions> {
  const children: ChildProcess[] = [];
  if (!fs.existsSync(agentBundlePath)) {
    if (options.localAgent || options.demoFleet > 0)
      log.warn("the agent is not built (npm run build): no local agent or demo fleet");
    return { stop: () => undefined };
  }
  const spawnAgent = (args: string[], label: string) => {
    const child = spawn(process.execPath, [agentBundlePath, ...args], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    child.stderr?.on("data", (d: Buffer) => log.warn({ companion: label }, d.toString().trim()));
    child.on("exit", (code, signal) => {
      if (code !== 0 && signal === null) log.warn({ companion: label, code }, "companion agent exited");
    });
    children.push(child);
  };

  if (options.localAgent) {
    const dataDir = path.join(deps.config.dataDir, "local-agent");
    if (!fs.existsSync(path.join(dataDir, "agent.json"))) {
      const target = await ensureOrganization(
        deps,
        "Steward server",
        "The machine this console runs on, enrolled by npm start.",
      );
      const { token } = await agents.enrollment.createToken({
        ...target,
        name: "npm start: this machine",
        expiresInHours: 1,
        maxUses: 1,
        createdByUserId: 0,
      });
      try {
        const { stderr } = await run(
          process.execPath,
          [
            agentBundlePath,
            "enroll",
            "--server",
            agentUrl,
            "--token",
            token,
            // Pinned like the console's install commands: the agent refuses an answer signed with
            // any other command key, so it trusts nothing it was merely told on the way.
            "--server-key-fingerprint",
            serverKeyFingerprint(deps.commandSigner.publicKey),
            "--data-dir",
            dataDir,
          ],
          { timeout: 120_000 },
        );
        // The agent's warnings about its own enrollment reach the server's log.
        if (stderr.trim()) log.warn({ companion: "local agent" }, stderr.trim());
        log.info("enrolled a real agent for this machine (opt out with --no-local-agent)");
      } catch (err) {
        log.warn({ err: (err as Error).message }, "could not enroll the local agent");
      }
    }
    if (fs.existsSync(path.join(dataDir, "agent.json")))
      spawnAgent(["run", "--data-dir", dataDir], "local agent");
  }

  if (options.demoFleet > 0) {
    const target = await ensureOrganization(
      deps,
      "Demo fleet (simulated)",
      "Simulated devices started with --demo-fleet. They are not real machines.",
    );
    const { token } = await agents.enrollment.createToken({
      ...target,
      name: "demo fleet",
      expiresInHours: 1,
      maxUses: null,
      createdByUserId: 0,
    });
    const stateFile = path.join(deps.config.dataDir, "demo-fleet.json");
    spawnAgent(
      [
        "simulate",
        "--server",
        agentUrl,
        "--token",
        token,
        "--count",
        String(options.demoFleet),
        "--state-file",
        stateFile,
        "--churn-inventory",
        "2",
      ],
      "demo fleet",
    );
    log.info({ devices: options.demoFleet }, "started a demo fleet of simulated devices");
  }

  return {
    stop() {
      for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
    },
  };
}
