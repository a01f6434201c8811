// `npm start [-- server options]`: install what is missing, build what is stale, then run the
// console server (options such as `--no-local-agent` or `--demo-fleet 50` are passed on).
// The server migrates its database (embedded PGlite under STEWARD_DATA_DIR, default ./var, or
// DATABASE_URL), listens on PORT (default 8080) and prints the URL to open.
import { spawn } from "node:child_process";
import path from "node:path";
import { build, ensureInstalled, log, main, root } from "./prepare.mjs";

await main(async () => {
  await ensureInstalled();
  await build({ web: true });
});

const server = spawn(
  process.execPath,
  [path.join(root, "apps/server/dist/main.js"), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
  },
);

// Pass stop requests on to the server so it can shut down gracefully (finish in-flight
// requests, close the database). A terminal's Ctrl-C reaches both processes at once, and
// npm forwards it again: repeats within a second are one request, not an escalation.
let lastForwarded = { signal: "", at: 0 };
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    const now = Date.now();
    if (lastForwarded.signal === signal && now - lastForwarded.at < 1000) return;
    lastForwarded = { signal, at: now };
    if (server.exitCode === null && server.signalCode === null) server.kill(signal);
  });
}

server.on("error", (error) => {
  log(`could not start the server: ${error.message}`);
  process.exit(1);
});
server.on("exit", (code, signal) => {
  if (signal) {
    // Leave the same way the server did, so callers see the signal.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
    return;
  }
  process.exit(code ?? 0);
});
