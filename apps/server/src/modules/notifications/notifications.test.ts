import http from "node:http";
import type { AddressInfo } from "node:net";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMTPServer } from "smtp-server";
import pino from "pino";
import { createMailer } from "../../platform/mail/mailer.js";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { refusalOf } from "./notifications.address.js";
import { createNotificationsService, NotificationsRepository } from "./index.js";

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on loopback answering the given statuses in turn (then 200). */
async function receiver(statuses: number[] = []) {
  const got: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      got.push({ headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook/SECRET-PATH`;
  return { got, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const SECRET = "a-webhook-secret-of-32-characters";

let ctx: TestContext;
let admin: TestClient;
beforeAll(async () => {
  ctx = await createTestContext({ webhooksAllowLoopback: true });
  admin = (await signedInClient(ctx, { admin: true })).client;
});
afterAll(async () => {
  await ctx.close();
});

/** A service over the test database with quick retries and a clock the test moves. */
function serviceWith(
  options: { maxAttempts?: number; clock?: () => Date; mailer?: ReturnType<typeof createMailer> } = {},
) {
  return createNotificationsService({
    repo: new NotificationsRepository(ctx.deps.db),
    secretBox: ctx.deps.secretBox,
    mailer: options.mailer ?? ctx.deps.mailer,
    targets: { allowLoopback: true },
    retry: { maxAttempts: options.maxAttempts ?? 3, baseDelayMs: 10, timeoutMs: 2000 },
    ...(options.clock ? { clock: options.clock } : {}),
  });
}

let n = 0;
async function createChannel(body: Record<string, unknown>) {
  const res = await admin.post("/api/notification-channels", { name: `Channel ${++n}`, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>();
}

describe("notification channel access", () => {
  it("401 signed out; settings.read lists, settings.manage creates and tests", async () => {
    const anonymous = new TestClient(ctx.app);
    expect((await anonymous.get("/api/notification-channels")).statusCode).toBe(401);
    const none = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await none.get("/api/notification-channels")).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["settings.read"] })).client;
    expect((await reader.get("/api/notification-channels")).statusCode).toBe(200);
    const create = await reader.post("/api/notification-channels", {
      type: "EMAIL",
      name: "Reader's",
      recipients: ["ops@example.test"],
    });
    expect(create.statusCode).toBe(403);
    const channel = await createChannel({ type: "EMAIL", recipients: ["ops@example.test"] });
    expect((await reader.post(`/api/notification-channels/${channel.id}/test`)).statusCode).toBe(403);
    expect((await reader.get(`/api/notification-channels/${channel.id}/deliveries`)).statusCode).toBe(200);
    const manager = (await signedInClient(ctx, { permissions: ["settings.read", "settings.manage"] })).client;
    expect((await manager.post(`/api/notification-channels/${channel.id}/test`)).statusCode).toBe(200);
    expect((await manager.get("/api/notification-channels/999999")).json().code).toBe("E_NOT_FOUND");
  });
});

describe("generic webhook", () => {
  it("Send test posts a body signed with HMAC-SHA256 over timestamp and body; the log shows it", async () => {
    const hook = await receiver();
    try {
      const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
      const res = await admin.post(`/api/notification-channels/${channel.id}/test`);
      expect(res.json()).toMatchObject({ outcome: "DELIVERED", httpStatus: 200, attempts: 1, event: "TEST" });
      expect(hook.got).toHaveLength(1);
      const { headers, body } = hook.got[0]!;
      const timestamp = headers["x-steward-timestamp"] as string;
      const expected = "sha256=" + createHmac("sha256", SECRET).update(`${timestamp}.${body}`).digest("hex");
      expect(headers["x-steward-signature"]).toBe(expected);
      expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(30);
      expect(JSON.parse(body)).toMatchObject({ kind: "TEST", channelId: channel.id });
      const log = (await admin.get(`/api/notification-channels/${channel.id}/deliveries`)).json().items;
      expect(log).toEqual([expect.objectContaining({ outcome: "DELIVERED", httpStatus: 200, attempts: 1 })]);
    } finally {
      await hook.close();
    }
  });

  it("never answers the secret or the URL's path; audit data holds neither", async () => {
    const hook = await receiver();
    const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
    await admin.patch(`/api/notification-channels/${channel.id}`, { secret: `${SECRET}-new`, url: hook.url });
    await hook.close();
    const one = await admin.get(`/api/notification-channels/${channel.id}`);
    const all = await admin.get("/api/notification-channels");
    const audit = await admin.get("/api/audit");
    for (const text of [one.body, all.body, audit.body]) {
      expect(text).not.toContain(SECRET);
      expect(text).not.toContain("SECRET-PATH");
    }
    expect(one.json()).toMatchObject({
      hasSecret: true,
      urlHint: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/…$/),
    });
  });

  it("retries a 500 with backoff and then delivers", async () => {
    const hook = await receiver([500, 503]);
    try {
      const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
      const row = await serviceWith({ maxAttempts: 4 }).sendTest(channel.id);
      expect(row).toMatchObject({ outcome: "DELIVERED", httpStatus: 200, attempts: 3 });
      expect(hook.got).toHaveLength(3);
    } finally {
      await hook.close();
    }
  });

  it("gives up after the bounded attempts and logs the failure", async () => {
    const hook = await receiver([500, 500, 500, 500, 500]);
    try {
      const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
      await serviceWith({ maxAttempts: 3 }).sendTest(channel.id);
      expect(hook.got).toHaveLength(3);
      const log = (await admin.get(`/api/notification-channels/${channel.id}/deliveries`)).json().items;
      expect(log[0]).toMatchObject({ outcome: "FAILED", httpStatus: 500, error: "HTTP 500", attempts: 3 });
    } finally {
      await hook.close();
    }
  });

  it("does not retry a 4xx other than 408 and 429", async () => {
    const hook = await receiver([404]);
    try {
      const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
      expect(await serviceWith().sendTest(channel.id)).toMatchObject({
        outcome: "FAILED",
        httpStatus: 404,
        attempts: 1,
      });
    } finally {
      await hook.close();
    }
  });
});

describe("Slack and Teams shapes", () => {
  it("posts Slack's text and Block Kit blocks, and Teams' message with an Adaptive Card", async () => {
    const hook = await receiver();
    try {
      const slack = await createChannel({ type: "SLACK", url: hook.url });
      const teams = await createChannel({ type: "TEAMS", url: hook.url });
      const service = serviceWith();
      await service.notify({
        kind: "ALERT_TRIGGERED",
        title: "Disk C: almost full",
        text: "3 % free",
        severity: "Critical",
      });
      const bodies = hook.got.map((g) => JSON.parse(g.body));
      const slackBody = bodies.find((b) => "blocks" in b);
      expect(slackBody.text).toBe("[Critical] Disk C: almost full");
      expect(slackBody.blocks[0]).toEqual({
        type: "header",
        text: { type: "plain_text", text: "[Critical] Disk C: almost full", emoji: false },
      });
      expect(slackBody.blocks[1]).toEqual({ type: "section", text: { type: "mrkdwn", text: "3 % free" } });
      const teamsBody = bodies.find((b) => b.type === "message");
      expect(teamsBody.attachments).toHaveLength(1);
      expect(teamsBody.attachments[0].contentType).toBe("application/vnd.microsoft.card.adaptive");
      const card = teamsBody.attachments[0].content;
      expect(card).toMatchObject({ type: "AdaptiveCard", version: "1.4" });
      // Shown as written: rich text runs, never read as Markdown.
      expect(card.body[0]).toMatchObject({
        type: "RichTextBlock",
        inlines: [{ type: "TextRun", text: "Disk C: almost full", weight: "Bolder" }],
      });
      expect(card.body[1]).toEqual({
        type: "RichTextBlock",
        inlines: [{ type: "TextRun", text: "3 % free" }],
      });
      expect(JSON.stringify(card.body)).not.toContain('"TextBlock"');
      expect(card.body.at(-1).facts).toContainEqual({ title: "Severity", value: "Critical" });
      // Turn these off so later notify() tests count only their own channels.
      for (const c of [slack, teams])
        await admin.patch(`/api/notification-channels/${c.id}`, { enabled: false });
    } finally {
      await hook.close();
    }
  });
});

describe("webhook address rules", () => {
  it("refuses link-local, metadata, unspecified, multicast and (unless allowed) loopback; allows private ranges", () => {
    const strict = { allowLoopback: false };
    for (const a of [
      "169.254.169.254",
      "fe80::1",
      "0.0.0.0",
      "::",
      "224.0.0.1",
      "100.100.100.200",
      "fd00:ec2::254",
      "::ffff:169.254.169.254",
    ])
      expect(refusalOf(a, strict), a).not.toBeNull();
    expect(refusalOf("127.0.0.1", strict)).toBe("a loopback address");
    expect(refusalOf("::1", strict)).toBe("a loopback address");
    expect(refusalOf("127.0.0.1", { allowLoopback: true })).toBeNull();
    for (const a of ["10.0.0.5", "192.168.1.10", "172.16.0.1", "203.0.113.7", "2001:db8::1"])
      expect(refusalOf(a, strict), a).toBeNull();
  });

  it("refuses such a URL on save with the reason, and other schemes", async () => {
    const refused = await admin.post("/api/notification-channels", {
      type: "SLACK",
      name: "Metadata",
      url: "http://169.254.169.254/latest/meta-data",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      "This webhook address cannot be used: 169.254.169.254 is a link-local address",
    );
    const named = await admin.post("/api/notification-channels", {
      type: "TEAMS",
      name: "GCP",
      url: "http://metadata.google.internal/x",
    });
    expect(named.statusCode).toBe(400);
    const ftp = await admin.post("/api/notification-channels", {
      type: "TEAMS",
      name: "FTP",
      url: "ftp://example.test/x",
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.json().code).toBe("E_VALIDATION");
  });

  it("a server that does not allow loopback refuses to send there and logs REFUSED", async () => {
    const hook = await receiver();
    try {
      const channel = await createChannel({ type: "WEBHOOK", url: hook.url, secret: SECRET });
      const strict = createNotificationsService({
        repo: new NotificationsRepository(ctx.deps.db),
        secretBox: ctx.deps.secretBox,
        mailer: ctx.deps.mailer,
        targets: { allowLoopback: false },
      });
      expect(await strict.sendTest(channel.id)).toMatchObject({
        outcome: "REFUSED",
        attempts: 0,
        error: "127.0.0.1 is a loopback address",
      });
      expect(hook.got).toHaveLength(0);
      await admin.patch(`/api/notification-channels/${channel.id}`, { enabled: false });
    } finally {
      await hook.close();
    }
  });
});

/** Only the channels a test creates after this stay enabled. */
async function disableAll() {
  for (const c of (await admin.get("/api/notification-channels")).json().items as { id: number }[])
    await admin.patch(`/api/notification-channels/${c.id}`, { enabled: false });
}

describe("throttling and digest", () => {
  it("sends up to the limit per window, holds the rest, then sends one digest of them", async () => {
    await disableAll();
    const hook = await receiver();
    try {
      let now = new Date("2026-03-01T10:00:00Z");
      const service = serviceWith({ clock: () => now });
      const channel = await createChannel({
        type: "WEBHOOK",
        url: hook.url,
        secret: SECRET,
        throttleLimit: 2,
        throttleWindowMinutes: 10,
      });
      const outcomes: string[] = [];
      for (let i = 1; i <= 5; i++) {
        now = new Date(now.getTime() + 60_000);
        const [row] = await service.notify({ kind: "ALERT_TRIGGERED", title: `Alert ${i}` });
        outcomes.push(row!.outcome);
      }
      expect(outcomes).toEqual(["DELIVERED", "DELIVERED", "HELD", "HELD", "HELD"]);
      expect(hook.got).toHaveLength(2);
      // Nothing is due before the oldest held event (10:03) has waited a whole window.
      now = new Date("2026-03-01T10:12:59Z");
      expect(await service.flushDigests()).toEqual([]);
      now = new Date("2026-03-01T10:13:00Z");
      const [digest] = await service.flushDigests();
      expect(digest).toMatchObject({ event: "DIGEST", outcome: "DELIVERED" });
      expect(hook.got).toHaveLength(3);
      const body = JSON.parse(hook.got[2]!.body);
      expect(body.title).toBe("3 notifications held back by throttling");
      expect(body.text).toBe("• Alert 3\n• Alert 4\n• Alert 5");
      expect(await service.flushDigests()).toEqual([]);
      const log = (await admin.get(`/api/notification-channels/${channel.id}/deliveries`)).json().items as {
        outcome: string;
      }[];
      expect(log.map((l) => l.outcome).sort()).toEqual(
        ["DELIVERED", "DELIVERED", "DELIVERED", "DIGESTED", "DIGESTED", "DIGESTED"].sort(),
      );
      // Test sends are not throttled, even now.
      expect((await service.sendTest(channel.id)).outcome).toBe("DELIVERED");
      await admin.patch(`/api/notification-channels/${channel.id}`, { enabled: false });
    } finally {
      await hook.close();
    }
  });

  it("a disabled channel gets nothing from notify()", async () => {
    await disableAll();
    const hook = await receiver();
    try {
      const channel = await createChannel({ type: "SLACK", url: hook.url, enabled: false });
      expect(await serviceWith().notify({ kind: "ALERT_RESET", title: "Back to normal" })).toEqual([]);
      expect(hook.got).toHaveLength(0);
      expect((await admin.get(`/api/notification-channels/${channel.id}`)).json().enabled).toBe(false);
    } finally {
      await hook.close();
    }
  });
});

describe("email channel", () => {
  it("delivers to every recipient through a real SMTP server", async () => {
    await disableAll();
    const mails: { to: string[]; data: string }[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let data = "";
        stream.on("data", (c: Buffer) => (data += c.toString("utf8")));
        stream.on("end", () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
          callback();
        });
      },
    });
    await new Promise<void>((r) => smtp.listen(0, "127.0.0.1", r));
    try {
      const port = (smtp.server.address() as AddressInfo).port;
      const mailer = createMailer(
        `smtp://127.0.0.1:${port}`,
        "Steward <steward@example.test>",
        pino({ level: "silent" }),
      );
      const channel = await createChannel({
        type: "EMAIL",
        recipients: ["ops@example.test", "oncall@example.test"],
      });
      const [row] = await serviceWith({ mailer }).notify({
        kind: "ALERT_TRIGGERED",
        title: "CPU above 90 %",
        text: "web-01 for 5 minutes",
        severity: "Major",
      });
      expect(row).toMatchObject({ channelId: channel.id, outcome: "DELIVERED" });
      expect(mails.map((m) => m.to)).toEqual([["ops@example.test"], ["oncall@example.test"]]);
      expect(mails[0]!.data).toContain("Subject: [Major] CPU above 90 %");
      expect(mails[0]!.data).toContain("web-01 for 5 minutes");
    } finally {
      await new Promise<void>((r) => smtp.close(() => r()));
    }
  });

  it("logs a failure when the SMTP server is unreachable", async () => {
    await disableAll();
    const mailer = createMailer(
      "smtp://127.0.0.1:1",
      "Steward <steward@example.test>",
      pino({ level: "silent" }),
    );
    const channel = await createChannel({ type: "EMAIL", recipients: ["ops@example.test"] });
    const row = await serviceWith({ mailer }).sendTest(channel.id);
    expect(row).toMatchObject({ outcome: "FAILED", error: "mail not accepted for ops@example.test" });
  });
});

describe("delivery limits", () => {
  it("an attempt that gets no answer within the timeout fails and is retried up to the limit", async () => {
    const requests: number[] = [];
    const silent = http.createServer(() => requests.push(Date.now()));
    await new Promise<void>((r) => silent.listen(0, "127.0.0.1", r));
    try {
      const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}/hook`;
      const channel = await createChannel({ type: "SLACK", url, enabled: false });
      const service = createNotificationsService({
        repo: new NotificationsRepository(ctx.deps.db),
        secretBox: ctx.deps.secretBox,
        mailer: ctx.deps.mailer,
        targets: { allowLoopback: true },
        retry: { maxAttempts: 2, baseDelayMs: 10, timeoutMs: 300 },
      });
      const row = await service.sendTest(channel.id);
      expect(row).toMatchObject({
        outcome: "FAILED",
        httpStatus: null,
        attempts: 2,
        error: "no answer within 300 ms",
      });
      expect(requests).toHaveLength(2);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it("does not follow a redirect (it could point anywhere): a 3xx is a failure, not retried", async () => {
    const hook = await receiver([302]);
    try {
      const channel = await createChannel({ type: "TEAMS", url: hook.url, enabled: false });
      expect(await serviceWith().sendTest(channel.id)).toMatchObject({
        outcome: "FAILED",
        httpStatus: 302,
        attempts: 1,
      });
      expect(hook.got).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });

  it("keeps the delivery log for 30 days, and held events until their digest", async () => {
    await disableAll();
    const hook = await receiver();
    try {
      let now = new Date("2026-01-01T08:00:00Z");
      const service = serviceWith({ clock: () => now });
      const channel = await createChannel({
        type: "SLACK",
        url: hook.url,
        throttleLimit: 1,
        throttleWindowMinutes: 1440,
      });
      await service.notify({ kind: "ALERT_TRIGGERED", title: "Old" });
      await service.notify({ kind: "ALERT_TRIGGERED", title: "Waiting" });
      now = new Date("2026-01-31T08:00:01Z");
      await service.prune();
      const log = (await admin.get(`/api/notification-channels/${channel.id}/deliveries`)).json().items;
      expect(log.map((l: { summary: string; outcome: string }) => [l.summary, l.outcome])).toEqual([
        ["Waiting", "HELD"],
      ]);
      await admin.patch(`/api/notification-channels/${channel.id}`, { enabled: false });
    } finally {
      await hook.close();
    }
  });
});
