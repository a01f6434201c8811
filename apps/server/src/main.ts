#!/usr/bin/env node
import { loadConfig } from "./config.js";
import { buildApp } from "./app.js";
import { createDeps, createLogger, openConfiguredDatabase } from "./runtime.js";
import { countSystemAdmins, insertSystemAdmin } from "./platform/identity/index.js";
import { passwordField, emailField } from "@steward/contracts";
import { createAgentSide } from "./modules/agents/index.js";
import { startCompanions, type Companions } from "./companions.js";
import { buildServices } from "./services.js";
import { parseArgs } from "node:util";
import { listenHttps, readTls } from "./tls.js";
import { startMessage } from "./start-message.js";
import { startTicketCloser } from "./modules/ticketing/index.js";

const { values: flags } = parseArgs({
  options: { "no-local-agent": { type: "boolean" }, "demo-fleet": { type: "string" } },
  strict: false,
});

async function main() {
  const config = loadConfig();
  const logger = createLogger(config);
  // Read before anything starts: a missing certificate stops the start with a clear message.
  const tls = readTls(config);
  const database = await openConfiguredDatabase(config);
  logger.info({ database: database.kind, dataDir: config.dataDir }, "database migrated");
  const deps = createDeps(config, database, logger);

  // Automated deployments may seed the first administrator from the environment.
  if (config.seedAdmin && (await countSystemAdmins(deps.db)) === 0) {
    const email = emailField.parse(config.seedAdmin.email);
    const password = passwordField.parse(config.seedAdmin.password);
    await insertSystemAdmin(deps.db, { email, password, firstName: "System", lastName: "Administrator" });
    logger.info({ email }, "seeded the first system administrator from STEWARD_ADMIN_EMAIL");
  }

  // One set of services for the console, the agent side and the scheduler. A deleted or
  // rejected device loses its agent connection at once.
  const side: { agents?: ReturnType<typeof createAgentSide> } = {};
  const services = buildServices(deps, {
    onDeviceRemoved: (deviceId) => side.agents?.gateway.disconnect(deviceId),
  });
  const app = await buildApp(deps, { logger, services });
  // Single node: nobody is connected yet, whatever the database last said.
  const agents = createAgentSide(deps, services, app.log, { tls });
  side.agents = agents;
  const wentDown = await agents.devices.markAllDown(new Date());
  if (wentDown > 0) logger.info({ devices: wentDown }, "marked devices DOWN until their agents reconnect");
  const scheduler = services.scheduler.start({ logger: app.log });
  const ticketCloser = startTicketCloser(services.tickets, { logger: app.log });
  const rollups = services.metrics.startRollups({
    onError: (err) => app.log.error({ err }, "metric rollup pass failed"),
  });
  let closing = false;
  // Filled once the listeners are up; shutdown may come before that.
  const running: { companions?: Companions; https?: { close(): Promise<void> } } = {};
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const force = setTimeout(() => {
      logger.error("shutdown took longer than 15 s; exiting");
      process.exit(1);
    }, 15_000);
    force.unref();
    try {
      running.companions?.stop();
      await agents.listener.close();
      await running.https?.close();
      await app.close();
      await scheduler.stop();
      ticketCloser.stop();
      await rollups.stop();
      await services.metrics.close();
      await database.close();
      logger.info("database closed; bye");
      process.exit(0);
    } catch (err) {
      logger.error({ err }, "error during shutdown");
      process.exit(1);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  if (tls) {
    running.https = await listenHttps(app, tls, config.port, config.host);
    logger.info({ port: config.port }, "console listening over HTTPS");
  } else await app.listen({ port: config.port, host: config.host });
  const agentPort = await agents.listener.listen(config.agentPort, config.host);
  if (config.agentPort === 0 && !process.env.STEWARD_AGENT_PUBLIC_URL) {
    // "Any free port": install commands must carry the port the listener actually got.
    const url = new URL(config.agentPublicUrl);
    url.port = String(agentPort);
    config.agentPublicUrl = url.toString().replace(/\/+$/, "");
  }
  logger.info({ port: agentPort, url: config.agentPublicUrl }, "agent listener ready");
  // Said as soon as the console answers, before the companions (enrolling the local agent can take a while).
  const hasAdministrator = (await countSystemAdmins(deps.db)) > 0;
  process.stdout.write(startMessage(config.publicUrl, hasAdministrator));
  const demoFleet = Number(flags["demo-fleet"] ?? process.env.STEWARD_DEMO_FLEET ?? 0);
  // Over TLS the companions (child processes) reach the listener by its public name, the one the
  // certificate is for, and trust the certificate file itself (a self-signed one included).
  if (config.tls) process.env.NODE_EXTRA_CA_CERTS ??= config.tls.certFile;
  running.companions = await startCompanions(
    deps,
    agents,
    config.tls ? config.agentPublicUrl : `http://127.0.0.1:${agentPort}`,
    {
      localAgent: flags["no-local-agent"] !== true && process.env.STEWARD_LOCAL_AGENT !== "false",
      demoFleet: Number.isInteger(demoFleet) && demoFleet > 0 ? Math.min(demoFleet, 20_000) : 0,
    },
    app.log,
  );
}

main().catch((err: unknown) => {
  process.stderr.write(
    `Steward failed to start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exit(1);
});
