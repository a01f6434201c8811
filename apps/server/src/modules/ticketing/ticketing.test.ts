import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  Ticket,
  TicketBoard,
  TicketBoardList,
  TicketDetail,
  TicketPage,
  TicketValue,
  TicketValueList,
} from "@steward/contracts";
import { buildServices } from "../../services.js";
import { systemScope } from "../../platform/identity/index.js";
import { twoOrganizations, type TwoOrganizations } from "../../testing/scope-fixtures.js";
import { signedInClient, TestClient } from "../../testing/test-app.js";

let { ctx, admin, scoped, a, b } = {} as TwoOrganizations;

beforeAll(async () => {
  ({ ctx, admin, scoped, a, b } = await twoOrganizations({
    permissions: ["ticketing.read", "ticketing.manage"],
  }));
});
afterAll(async () => {
  await ctx.close();
});

const HOUR = 3_600_000;

async function create(client: TestClient, body: Record<string, unknown>): Promise<Ticket> {
  const res = await client.post("/api/ticketing/tickets", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Ticket>();
}

async function statusId(state: string): Promise<number> {
  const list = (
    await admin.get("/api/ticketing/values", { query: { kind: "STATUS" } })
  ).json<TicketValueList>();
  return list.items.find((v) => v.stateType === state && v.builtIn)!.id;
}

describe("ticketing access", () => {
  it("401 signed out, 403 without ticketing permissions, 200 with them", async () => {
    const anonymous = new TestClient(ctx.app);
    for (const url of ["/api/ticketing/boards", "/api/ticketing/boards/1/tickets", "/api/ticketing/values"])
      expect((await anonymous.get(url)).statusCode).toBe(401);
    const nobody = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    for (const url of ["/api/ticketing/boards", "/api/ticketing/boards/1/tickets", "/api/ticketing/values"])
      expect((await nobody.get(url)).statusCode).toBe(403);
    const reader = (await signedInClient(ctx, { permissions: ["ticketing.read"] })).client;
    expect((await reader.get("/api/ticketing/boards")).statusCode).toBe(200);
    expect((await reader.get("/api/ticketing/boards/1/tickets")).statusCode).toBe(200);
    const body = { organizationId: a.organizationId, subject: "Reader cannot" };
    expect((await reader.post("/api/ticketing/tickets", body)).statusCode).toBe(403);
    expect((await nobody.post("/api/ticketing/tickets", body)).statusCode).toBe(403);
    const made = await create(scoped, body);
    expect((await reader.get(`/api/ticketing/tickets/${made.id}`)).statusCode).toBe(200);
    expect((await reader.patch(`/api/ticketing/tickets/${made.id}`, { subject: "x" })).statusCode).toBe(403);
    expect(
      (await reader.post(`/api/ticketing/tickets/${made.id}/comments`, { bodyHtml: "<p>hi</p>" })).statusCode,
    ).toBe(403);
  });

  it("lets only administrators (settings.manage) edit the setup value lists", async () => {
    const value = { kind: "PRIORITY", name: "Whenever" };
    expect((await new TestClient(ctx.app).post("/api/ticketing/values", value)).statusCode).toBe(401);
    expect((await scoped.post("/api/ticketing/values", value)).statusCode).toBe(403);
    expect((await scoped.put("/api/ticketing/settings", { closeResolvedAfterHours: 1 })).statusCode).toBe(
      403,
    );
    expect((await scoped.get("/api/ticketing/values")).statusCode).toBe(200);
    const made = await admin.post("/api/ticketing/values", value);
    expect(made.statusCode).toBe(201);
    expect((await scoped.delete(`/api/ticketing/values/${made.json<TicketValue>().id}`)).statusCode).toBe(
      403,
    );
    expect((await admin.delete(`/api/ticketing/values/${made.json<TicketValue>().id}`)).statusCode).toBe(204);
  });
});

describe("organization scope", () => {
  it("shows a technician only the tickets of their organizations; others answer like missing ones", async () => {
    const mine = await create(admin, { organizationId: a.organizationId, subject: "scopecheck printer A" });
    const theirs = await create(admin, { organizationId: b.organizationId, subject: "scopecheck printer B" });
    const page = (
      await scoped.get("/api/ticketing/boards/1/tickets", { query: { search: "scopecheck" } })
    ).json<TicketPage>();
    expect(page.items.map((t) => t.id)).toEqual([mine.id]);
    expect(page.total).toBe(1);
    const hidden = await scoped.get(`/api/ticketing/tickets/${theirs.id}`);
    const missing = await scoped.get(`/api/ticketing/tickets/999999`);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json<{ code: string }>().code).toBe(missing.json<{ code: string }>().code);
    expect(
      (await scoped.patch(`/api/ticketing/tickets/${theirs.id}`, { subject: "mine now" })).statusCode,
    ).toBe(404);
    expect(
      (await scoped.post(`/api/ticketing/tickets/${theirs.id}/comments`, { bodyHtml: "<p>x</p>" }))
        .statusCode,
    ).toBe(404);
    const refused = await scoped.post("/api/ticketing/tickets", {
      organizationId: b.organizationId,
      subject: "no",
    });
    expect(refused.statusCode).toBe(400);
    const count = (await scoped.get("/api/ticketing/boards")).json<TicketBoardList>();
    const all = (await admin.get("/api/ticketing/boards")).json<TicketBoardList>();
    expect(count.items[0]!.count).toBeLessThan(all.items[0]!.count);
  });

  it("refuses a device or location of another organization", async () => {
    const res = await admin.post("/api/ticketing/tickets", {
      organizationId: a.organizationId,
      subject: "Wrong device",
      deviceId: b.deviceIds[0],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain("deviceId");
    const ok = await create(admin, {
      organizationId: a.organizationId,
      subject: "Right device",
      deviceId: a.deviceIds[0],
    });
    expect(ok.device?.id).toBe(a.deviceIds[0]);
    const onDevice = (
      await admin.get("/api/ticketing/boards/1/tickets", { query: { deviceId: String(a.deviceIds[0]) } })
    ).json<TicketPage>();
    expect(onDevice.items.map((t) => t.id)).toContain(ok.id);
    expect(onDevice.items.every((t) => t.device?.id === a.deviceIds[0])).toBe(true);
  });
});

describe("tickets", () => {
  it("starts NEW, sanitizes the description and writes every change to the history", async () => {
    const t = await create(admin, {
      organizationId: a.organizationId,
      subject: "Laptop fan loud",
      descriptionHtml: `<p onclick="steal()">Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)></p>`,
      tags: ["hardware"],
    });
    expect(t.status.stateType).toBe("NEW");
    expect(t.source).toBe("TECHNICIAN");
    expect(t.descriptionHtml).not.toMatch(/script|onclick|onerror|javascript/i);
    expect(t.descriptionHtml).toContain("Hello");
    const open = await statusId("OPEN");
    const changed = await admin.patch(`/api/ticketing/tickets/${t.id}`, { statusId: open, priorityId: 13 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Ticket>().status.name).toBe("Open");
    expect(changed.json<Ticket>().priority?.name).toBe("High");
    const detail = (await admin.get(`/api/ticketing/tickets/${t.id}`)).json<TicketDetail>();
    const fields = detail.history.map((h) => [h.field, h.oldValue, h.newValue]);
    expect(fields).toEqual([
      ["created", null, "New"],
      ["status", "New", "Open"],
      ["priority", null, "High"],
    ]);
    // A value from another list is refused at its field.
    const wrong = await admin.patch(`/api/ticketing/tickets/${t.id}`, { statusId: 13 });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain("statusId");
  });

  it("keeps public replies and private notes, sanitized, in order", async () => {
    const t = await create(admin, { organizationId: a.organizationId, subject: "Comments" });
    const reply = await admin.post(`/api/ticketing/tickets/${t.id}/comments`, {
      bodyHtml: "<p>We are on it</p><iframe src='https://evil.test'></iframe>",
    });
    expect(reply.statusCode).toBe(201);
    await admin.post(`/api/ticketing/tickets/${t.id}/comments`, {
      bodyHtml: "<p>Internal</p>",
      public: false,
    });
    const detail = (await admin.get(`/api/ticketing/tickets/${t.id}`)).json<TicketDetail>();
    expect(detail.comments.map((c) => [c.bodyHtml, c.public])).toEqual([
      ["<p>We are on it</p>", true],
      ["<p>Internal</p>", false],
    ]);
    expect(detail.history.map((h) => h.field)).toEqual(["created", "reply", "note"]);
    const empty = await admin.post(`/api/ticketing/tickets/${t.id}/comments`, {
      bodyHtml: "<script>x</script>",
    });
    expect(empty.statusCode).toBe(400);
  });

  it("closes a RESOLVED ticket once the configured delay has passed, not before", async () => {
    expect((await admin.put("/api/ticketing/settings", { closeResolvedAfterHours: 2 })).statusCode).toBe(200);
    const t = await create(admin, { organizationId: a.organizationId, subject: "Resolve me" });
    const resolved = await admin.patch(`/api/ticketing/tickets/${t.id}`, {
      statusId: await statusId("RESOLVED"),
    });
    expect(resolved.json<Ticket>().resolvedAt).not.toBeNull();
    const now = Date.now();
    const early = buildServices(ctx.deps, { clock: () => new Date(now + HOUR) }).tickets;
    await early.closeDue();
    expect((await early.get(t.id, systemScope)).ticket.status.stateType).toBe("RESOLVED");
    const later = buildServices(ctx.deps, { clock: () => new Date(now + 3 * HOUR) }).tickets;
    expect(await later.closeDue()).toBeGreaterThanOrEqual(1);
    const detail = await later.get(t.id, systemScope);
    expect(detail.ticket.status.stateType).toBe("CLOSED");
    expect(detail.ticket.closedAt).not.toBeNull();
    expect(detail.history.at(-1)).toMatchObject({
      field: "status",
      oldValue: "Resolved",
      newValue: "Closed",
      user: null,
    });
    // Reopening clears both instants.
    const reopened = await admin.patch(`/api/ticketing/tickets/${t.id}`, {
      statusId: await statusId("OPEN"),
    });
    expect(reopened.json<Ticket>()).toMatchObject({ resolvedAt: null, closedAt: null });
  });
});

describe("boards", () => {
  it("has board 1, All tickets, which cannot be deleted", async () => {
    const board = (await admin.get("/api/ticketing/boards/1")).json<TicketBoard>();
    expect(board).toMatchObject({ id: 1, name: "All tickets", builtIn: true });
    const res = await admin.delete("/api/ticketing/boards/1");
    expect(res.statusCode).toBe(409);
    expect(res.json<{ code: string }>().code).toBe("E_TICKET_BOARD_BUILT_IN");
    expect((await admin.get("/api/ticketing/boards/1")).statusCode).toBe(200);
  });

  it("pages on the server, filters by the board's saved filters and finds words by full-text search", async () => {
    const org = b.organizationId;
    for (let i = 0; i < 7; i++)
      await create(admin, {
        organizationId: org,
        subject: `pagingrun ticket ${i}`,
        descriptionHtml: i === 3 ? "<p>The <b>quarterly</b> backup failed</p>" : "<p>nothing</p>",
        priorityId: i % 2 === 0 ? 14 : 11,
      });
    const first = (
      await admin.get("/api/ticketing/boards/1/tickets", { query: { search: "pagingrun", pageSize: "3" } })
    ).json<TicketPage>();
    expect(first.total).toBe(7);
    expect(first.items.map((t) => t.subject)).toEqual([
      "pagingrun ticket 6",
      "pagingrun ticket 5",
      "pagingrun ticket 4",
    ]);
    const third = (
      await admin.get("/api/ticketing/boards/1/tickets", {
        query: { search: "pagingrun", pageSize: "3", page: "3" },
      })
    ).json<TicketPage>();
    expect(third.items.map((t) => t.subject)).toEqual(["pagingrun ticket 0"]);
    const words = (
      await admin.get("/api/ticketing/boards/1/tickets", { query: { search: "quarter backup" } })
    ).json<TicketPage>();
    expect(words.items.map((t) => t.subject)).toEqual(["pagingrun ticket 3"]);

    const made = await admin.post("/api/ticketing/boards", {
      name: "Urgent ones",
      filters: { priorityIds: [14], organizationIds: [org] },
      columns: ["id", "subject", "priority"],
      sortField: "id",
      sortDirection: "ASC",
    });
    expect(made.statusCode, made.body).toBe(201);
    const urgent = made.json<TicketBoard>();
    const page = (
      await admin.get(`/api/ticketing/boards/${urgent.id}/tickets`, { query: { search: "pagingrun" } })
    ).json<TicketPage>();
    expect(page.items.map((t) => t.subject)).toEqual([0, 2, 4, 6].map((i) => `pagingrun ticket ${i}`));
    const listed = (await admin.get("/api/ticketing/boards")).json<TicketBoardList>();
    expect(listed.items.find((x) => x.id === urgent.id)!.count).toBe(4);
    expect((await admin.delete(`/api/ticketing/boards/${urgent.id}`)).statusCode).toBe(204);
  });

  it("treats search text as words, never as query syntax", async () => {
    const res = await admin.get("/api/ticketing/boards/1/tickets", {
      query: { search: "a & | ! :* ( ' \\" },
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("setup value lists", () => {
  it("adds custom statuses with a state type, and refuses to delete built-in or used values", async () => {
    const missing = await admin.post("/api/ticketing/values", { kind: "STATUS", name: "With vendor" });
    expect(missing.statusCode).toBe(400);
    const made = await admin.post("/api/ticketing/values", {
      kind: "STATUS",
      name: "With vendor",
      stateType: "WAITING",
    });
    expect(made.statusCode).toBe(201);
    const status = made.json<TicketValue>();
    const t = await create(admin, {
      organizationId: a.organizationId,
      subject: "Vendor",
      statusId: status.id,
    });
    expect(t.status).toMatchObject({ name: "With vendor", stateType: "WAITING" });
    const inUse = await admin.delete(`/api/ticketing/values/${status.id}`);
    expect(inUse.json<{ code: string }>().code).toBe("E_TICKET_VALUE_IN_USE");
    const builtIn = await admin.delete(`/api/ticketing/values/${await statusId("NEW")}`);
    expect(builtIn.json<{ code: string }>().code).toBe("E_TICKET_VALUE_BUILT_IN");
    const waiting = (
      await admin.get("/api/ticketing/boards/1/tickets", {
        query: { stateType: "WAITING", search: "Vendor" },
      })
    ).json<TicketPage>();
    expect(waiting.items.map((x) => x.id)).toEqual([t.id]);
  });
});
