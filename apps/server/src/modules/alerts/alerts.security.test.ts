import { describe, expect, it } from "vitest";
import { agent, type AlertListResponse } from "@steward/contracts";
import { createOrganization } from "../../testing/agent-harness.js";
import {
  cpuCondition,
  deviceWith,
  policyWith,
  sendEvents,
  useAlertsWorld,
  webhookReceiver,
} from "./alerts.fixtures.js";

/*
 * Everything in an agent's condition-events message is untrusted: it may only raise or reset the
 * sending device's own alerts of conditions its policy holds, within the contract's bounds, and
 * the secrets of the channels an alert is sent to never show in what the alert leaves behind.
 */

const world = useAlertsWorld();

const event = (over: Record<string, unknown> = {}) => ({
  key: "cpu",
  policyVersion: 1,
  state: "TRIGGERED",
  at: Date.now(),
  value: 95,
  detail: "CPU 95%",
  ...over,
});
const message = (events: unknown[], over: Record<string, unknown> = {}) => ({
  type: "condition-events",
  v: agent.CONDITION_EVENTS_VERSION,
  sentAt: Date.now(),
  events,
  ...over,
});

describe("an agent touches only its own device's alerts", () => {
  it("a RESET, an empty snapshot or a trigger of a key another device also has never changes that device's alert", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition() });
    const other = await createOrganization(world.ctx);
    const victim = await deviceWith(world.ctx, world.admin, other, policyId);
    const sender = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, victim, other.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 97 },
    ]);
    const [before] = await world.alertsOf(victim);

    // The sender even claims the victim's organization: the alert it opens is in its own.
    await sendEvents(world.ctx, sender, other.organizationId, [{ key: "cpu", state: "RESET" }]);
    await sendEvents(world.ctx, sender, other.organizationId, [], { snapshot: true });
    await sendEvents(world.ctx, sender, other.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 12 },
    ]);

    expect(await world.alertsOf(victim)).toEqual([before]);
    expect(before).toMatchObject({ status: "OPEN", count: 1, value: 97 });
    const [own] = await world.alertsOf(sender);
    expect(own).toMatchObject({ status: "OPEN", value: 12, organizationId: world.place.organizationId });
  });

  it("a key only another device's policy holds opens nothing on the sender", async () => {
    const mine = await policyWith(world.admin, { cpu: cpuCondition() });
    const theirs = await policyWith(world.admin, {
      secret_disk: cpuCondition({
        name: "Their disk",
        check: { kind: "memory", comparator: "GT", value: 1 },
      }),
    });
    await deviceWith(world.ctx, world.admin, world.place, theirs);
    const sender = await deviceWith(world.ctx, world.admin, world.place, mine);
    await sendEvents(world.ctx, sender, world.place.organizationId, [
      { key: "secret_disk", state: "TRIGGERED", value: 99 },
    ]);
    expect(await world.alertsOf(sender)).toEqual([]);
  });
});

describe("the condition-events contract bounds what an agent sends", () => {
  const parse = (m: unknown) => agent.conditionEventsMessage.safeParse(m);

  it("refuses a detail over 500 characters, a malformed key and more events than a policy has conditions", () => {
    expect(parse(message([event({ detail: "x".repeat(501) })])).success).toBe(false);
    expect(parse(message([event({ detail: "x".repeat(500) })])).success).toBe(true);
    for (const key of ["", "../other", "cpu;drop", "k".repeat(65), "ключ"])
      expect(parse(message([event({ key })])).success, key).toBe(false);
    const many = Array.from({ length: agent.MAX_CONDITION_EVENTS_PER_MESSAGE + 1 }, () => event());
    expect(parse(message(many)).success).toBe(false);
    expect(parse(message(many.slice(1))).success).toBe(true);
  });

  it("refuses a value that is not a finite number (a JSON 1e999 reads as Infinity)", () => {
    const parsed = JSON.parse(`{"value": 1e999}`) as { value: number };
    expect(parse(message([event({ value: parsed.value })])).success).toBe(false);
    expect(parse(message([event({ value: Number.NaN })])).success).toBe(false);
    expect(parse(message([event({ value: "95" })])).success).toBe(false);
  });

  it("drops NUL characters from the detail and fields the contract does not know (severity, device, organization)", () => {
    const result = parse(
      message([event({ detail: "nginx\u0000 down", severity: "CRITICAL", deviceId: 1, organizationId: 2 })], {
        deviceId: 1,
      }),
    );
    expect(result.success).toBe(true);
    const parsed = result.data!;
    expect(parsed.events[0]!.detail).toBe("nginx down");
    expect(parsed.events[0]).not.toHaveProperty("severity");
    expect(parsed.events[0]).not.toHaveProperty("deviceId");
    expect(parsed.events[0]).not.toHaveProperty("organizationId");
    expect(parsed).not.toHaveProperty("deviceId");
  });
});

describe("a burst of events", () => {
  it("of one condition opens one alert, counts every repeat and notifies once", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ channelIds: [world.channelId] }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    const perMessage = agent.MAX_CONDITION_EVENTS_PER_MESSAGE;
    const messages = 5;
    // Handed over at once (the gateway would queue them one after another: this is harsher).
    await Promise.all(
      Array.from({ length: messages }, (_, m) =>
        sendEvents(
          world.ctx,
          deviceId,
          world.place.organizationId,
          Array.from({ length: perMessage }, (_, i) => ({
            key: "cpu",
            state: "TRIGGERED" as const,
            value: 90 + ((m * perMessage + i) % 10),
          })),
        ),
      ),
    );
    const rows = await world.alertsOf(deviceId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "OPEN", count: messages * perMessage });
    expect(world.hooksFor(deviceId)).toHaveLength(1);
  }, 120_000);

  it("of keys the policy does not hold opens nothing", async () => {
    const policyId = await policyWith(world.admin, { cpu: cpuCondition() });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(
      world.ctx,
      deviceId,
      world.place.organizationId,
      Array.from({ length: agent.MAX_CONDITION_EVENTS_PER_MESSAGE }, (_, i) => ({
        key: `forged_${i}`,
        state: "TRIGGERED" as const,
        value: i,
      })),
    );
    expect(await world.alertsOf(deviceId)).toEqual([]);
  });
});

describe("notification channel secrets", () => {
  const urlToken = "T0KEN-in-the-path-9f3c";
  const queryToken = "query-secret-5be1";
  const signingSecret = "signing-secret-of-at-least-32-chars-77";

  it("never appear in the alert, its activities, the webhook body or the alerts' logs", async () => {
    const logged: string[] = [];
    world.ctx.services.alerts.useLogger({
      warn: (obj, msg) => logged.push(`${msg} ${JSON.stringify(obj)}`),
    });
    const channel = await world.admin.post("/api/notification-channels", {
      name: "Secret hook",
      type: "WEBHOOK",
      url: `${world.hook.url}/${urlToken}?key=${queryToken}`,
      secret: signingSecret,
      throttleLimit: 1000,
    });
    expect(channel.statusCode, channel.body).toBe(201);
    const channelId = channel.json<{ id: number }>().id;
    const policyId = await policyWith(world.admin, { cpu: cpuCondition({ channelIds: [channelId] }) });
    const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [
      { key: "cpu", state: "TRIGGERED", value: 99 },
    ]);
    await sendEvents(world.ctx, deviceId, world.place.organizationId, [{ key: "cpu", state: "RESET" }]);

    const seen: string[] = [];
    const alertsRes = await world.admin.get("/api/alerts", {
      query: { deviceId: String(deviceId), status: "RESET" },
    });
    expect(alertsRes.json<AlertListResponse>().items).toHaveLength(1);
    seen.push(alertsRes.body);
    const activities = await world.admin.get("/api/activities", {
      query: { scope: "device", id: String(deviceId) },
    });
    expect(activities.statusCode, activities.body).toBe(200);
    // The notification was recorded (so the check below looks at a real entry).
    expect(activities.body).toContain(`channel ${channelId}`);
    seen.push(activities.body);
    const hooks = world.hooksFor(deviceId);
    expect(hooks.map((h) => h.kind)).toEqual(["ALERT_TRIGGERED", "ALERT_RESET"]);
    seen.push(JSON.stringify(hooks), ...logged);
    for (const text of seen)
      for (const secret of [urlToken, queryToken, signingSecret]) expect(text).not.toContain(secret);
  });

  it("Slack: what a device reports cannot mention everyone or hide a link", async () => {
    const slack = await webhookReceiver();
    try {
      const channel = await world.admin.post("/api/notification-channels", {
        name: "Slack",
        type: "SLACK",
        url: slack.url,
        throttleLimit: 1000,
      });
      expect(channel.statusCode, channel.body).toBe(201);
      const policyId = await policyWith(world.admin, {
        cpu: cpuCondition({ channelIds: [channel.json<{ id: number }>().id] }),
      });
      const deviceId = await deviceWith(world.ctx, world.admin, world.place, policyId);
      await sendEvents(world.ctx, deviceId, world.place.organizationId, [
        {
          key: "cpu",
          state: "TRIGGERED",
          value: 99,
          detail: "<!channel> <https://evil.example/login|Reset your password> & more",
        },
      ]);
      expect(slack.got).toHaveLength(1);
      const body = JSON.stringify(slack.got[0]);
      expect(body).not.toContain("<!channel>");
      expect(body).not.toContain("<https://evil.example");
      expect(body).toContain(
        "&lt;!channel&gt; &lt;https://evil.example/login|Reset your password&gt; &amp; more",
      );
    } finally {
      await slack.close();
    }
  });
});
