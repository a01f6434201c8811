import fs from "node:fs";
import path from "node:path";
import { agent as proto } from "@steward/contracts";
import { agentCommand, type AgentCommandHandler } from "./registry.js";

/** Where the agent keeps the policy it applies, so a restart applies it again before it connects. */
export const POLICY_FILE = "policy.json";

/** What applying a policy changes in the running agent. */
export interface PolicyTargets {
  setMetricIntervalSeconds(seconds: number): void;
  /** undefined: back to the server's heartbeat. */
  setHeartbeatSeconds(seconds: number | undefined): void;
  /**
   * The conditions the agent evaluates, under the policy version they came with; none (and a
   * null version) while no policy is enforced.
   */
  setConditions?(
    version: number | null,
    conditions: readonly proto.AppliedCondition[],
    scripts: readonly proto.AppliedScript[],
  ): void;
}

export interface PolicyApplierOptions {
  dataDir: string;
  targets: PolicyTargets;
  /** The metric interval without a policy (or with a policy that is not enforced). */
  defaultMetricIntervalSeconds: number;
  /**
   * A metric interval set for this agent from outside (an environment variable for tests and
   * troubleshooting): it wins over the policy's.
   */
  metricIntervalOverride?: number | undefined;
  log?(message: string): void;
}

/**
 * Applies a device's effective policy: its agent settings replace the built-in intervals and its
 * conditions are evaluated while it is enforced; "not enforced" goes back to the defaults and
 * evaluates nothing. The applied policy is kept in the data
 * directory.
 */
export class PolicyApplier {
  constructor(private readonly options: PolicyApplierOptions) {}

  private get file(): string {
    return path.join(this.options.dataDir, POLICY_FILE);
  }

  /** The policy last applied (kept across restarts); undefined when none was. */
  stored(): proto.ApplyPolicyPayload | undefined {
    try {
      const parsed = proto.applyPolicyPayload.safeParse(JSON.parse(fs.readFileSync(this.file, "utf8")));
      return parsed.success ? parsed.data : undefined;
    } catch {
      return undefined;
    }
  }

  /** Applies the stored policy at start (nothing stored: the defaults stay). */
  restore(): proto.ApplyPolicyPayload | undefined {
    const policy = this.stored();
    if (policy) this.set(policy);
    return policy;
  }

  /** Applies a policy now and keeps it; returns what the agent acknowledges. */
  apply(policy: proto.ApplyPolicyPayload): proto.ApplyPolicyResult {
    this.set(policy);
    const tmp = `${this.file}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(policy), { mode: 0o600 });
    fs.renameSync(tmp, this.file);
    this.options.log?.(
      policy.enforced
        ? `applied policy ${policy.policyId} version ${policy.version}`
        : "no policy enforced: default agent settings",
    );
    return { policyId: policy.policyId, version: policy.version, enforced: policy.enforced };
  }

  private set(policy: proto.ApplyPolicyPayload): void {
    const settings = policy.enforced ? policy.agentSettings : {};
    this.options.targets.setMetricIntervalSeconds(
      this.options.metricIntervalOverride ??
        settings.metricIntervalSeconds ??
        this.options.defaultMetricIntervalSeconds,
    );
    this.options.targets.setHeartbeatSeconds(settings.heartbeatSeconds);
    if (policy.enforced && policy.version !== null)
      this.options.targets.setConditions?.(policy.version, policy.conditions, policy.scripts);
    else this.options.targets.setConditions?.(null, [], []);
  }
}

/** The apply-policy command: applies, keeps and acknowledges the device's effective policy. */
export function applyPolicyHandler(applier: PolicyApplier): AgentCommandHandler {
  return agentCommand(proto.applyPolicyCommand, (payload) => ({
    done: (async () => {
      try {
        const data = applier.apply(payload);
        return { exitCode: null, stdout: "", stderr: "", truncated: false, errorMessage: null, data };
      } catch (err) {
        return {
          exitCode: null,
          stdout: "",
          stderr: "",
          truncated: false,
          errorMessage: `The agent could not apply its policy: ${(err as Error).message}`,
        };
      }
    })(),
  }));
}
