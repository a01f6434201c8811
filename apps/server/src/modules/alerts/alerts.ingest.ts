import type { agent } from "@steward/contracts";
import { isAgentEvaluated, serverEvaluatedKinds, toServerTime, type ConditionKind } from "@steward/domain";
import type { DeviceConditions } from "../policies/index.js";
import type { AlertEngine } from "./alerts.engine.js";
import type { AlertsRepository } from "./alerts.repository.js";

export interface IngestDeps {
  repo: AlertsRepository;
  engine: AlertEngine;
  /** The device's current effective conditions (the policies module's, cached). */
  conditionsOf(deviceId: number): Promise<DeviceConditions | undefined>;
  clock: () => Date;
}

/**
 * Takes an agent's condition-events message. Everything in it is untrusted: a key is looked up
 * in the device's current effective policy (name, severity, channels … come from there, never
 * from the agent), a key the policy does not hold is ignored, times are placed on the server's
 * clock. A snapshot (sent on every connection) resets the open agent-evaluated alerts it does not
 * list: recovered while the server was away, or their condition left the policy.
 */
export function createConditionIngest(deps: IngestDeps) {
  const { repo, engine } = deps;
  return async function accept(
    deviceId: number,
    organizationId: number,
    message: agent.ConditionEventsMessage,
  ): Promise<void> {
    const now = deps.clock().getTime();
    const current = await deps.conditionsOf(deviceId);
    // The organization the server knows for the device wins over the connection's.
    const orgId = current?.organizationId ?? organizationId;
    const policy = current?.policy ? { id: current.policy.id, name: current.policy.name } : null;
    const conditions = current?.conditions ?? new Map();
    const at = (t: number) => new Date(toServerTime(t, message.sentAt, now));

    if (message.snapshot) {
      const listed = new Set(message.events.filter((e) => e.state === "TRIGGERED").map((e) => e.key));
      for (const alert of await repo.openOfDevice(deviceId, "AGENT")) {
        if (listed.has(alert.conditionKey)) continue;
        const condition = conditions.get(alert.conditionKey);
        const stillAgents = condition !== undefined && isAgentEvaluated(condition.check);
        await engine.reset(alert, stillAgents ? "RECOVERED" : "CONDITION_REMOVED", new Date(now), condition);
      }
    }

    for (const event of message.events) {
      const condition = conditions.get(event.key);
      if (event.state === "RESET") {
        const open = await repo.open(deviceId, event.key);
        // The server's own kinds are reset by the server, never by an agent.
        if (open && !serverEvaluatedKinds.includes(open.conditionKind as ConditionKind))
          await engine.reset(open, "RECOVERED", at(event.at), condition);
        continue;
      }
      // Unknown keys, and kinds only the server evaluates, are not the agent's to raise.
      if (!condition || !isAgentEvaluated(condition.check)) continue;
      await engine.trigger(
        deviceId,
        orgId,
        { key: event.key, condition, policy },
        { at: at(event.at), value: event.value ?? null, detail: event.detail, snapshot: message.snapshot },
      );
    }
  };
}
