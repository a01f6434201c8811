// `npm run steward -- <command> [options]`: the server's command-line tool
// (e.g. `npm run steward -- create-admin --email admin@example.com --password '…'`).
import { spawn } from "node:child_process";
import path from "node:path";
import { build, ensureInstalled, log, main, root } from "./prepare.mjs";

await main(async () => {
  await ensureInstalled();
  await build({ web: false, projects: ["apps/server"] });
});

const cli = spawn(process.execPath, [path.join(root, "apps/server/dist/cli.js"), ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
});
// Pass stop requests on and wait for the CLI to finish, so its exit code is the command's.
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (cli.exitCode === null && cli.signalCode === null) cli.kill(signal);
  });
}
cli.on("error", (error) => {
  log(`could not run the CLI: ${error.message}`);
  process.exit(1);
});
cli.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
