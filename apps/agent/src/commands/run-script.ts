import { agent as proto } from "@steward/contracts";
import { runScript } from "../jobs/run-script.js";
import { agentCommand } from "./registry.js";

/** Runs a script; a credential's password arrives sealed to this agent and is opened only here. */
export const runScriptHandler = agentCommand(proto.runScriptCommand, (payload, ctx) => {
  const { account, ...rest } = payload;
  let password: string | undefined;
  if (account?.passwordSealed) {
    try {
      password = ctx.openSecret(account.passwordSealed);
    } catch {
      const message =
        "The Run As password could not be opened with this agent's key; the script did not run.";
      return {
        done: Promise.resolve({
          exitCode: null,
          stdout: "",
          stderr: "",
          truncated: false,
          errorMessage: message,
        }),
      };
    }
  }
  const run = runScript(
    {
      ...rest,
      ...(account
        ? {
            account: {
              username: account.username,
              ...(account.domain !== undefined ? { domain: account.domain } : {}),
              ...(password !== undefined ? { password } : {}),
            },
          }
        : {}),
    },
    (stream, chunk) => ctx.output(stream, chunk),
  );
  return { done: run.done, cancel: () => run.cancel() };
});
