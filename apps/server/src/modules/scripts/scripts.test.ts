import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SaveScriptRequest, ScriptDetail } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";

let ctx: TestContext;
let admin: TestClient;
let adminId: number;

beforeAll(async () => {
  ctx = await createTestContext();
  ({ client: admin, userId: adminId } = await signedInClient(ctx, { admin: true }));
});
afterAll(async () => {
  await ctx.close();
});

const unique = (prefix = "Script") => `${prefix} ${randomBytes(4).toString("hex")}`;

function scriptBody(overrides: Partial<SaveScriptRequest> = {}): SaveScriptRequest {
  return {
    name: unique(),
    description: "Restarts a service",
    language: "bash",
    os: "LINUX",
    architecture: "X64",
    timeoutSeconds: 120,
    parameters: [
      { name: "service_name", label: "Service", type: "text", required: true, defaultValue: "" },
      { name: "wait", label: "Wait (s)", type: "number", required: false, defaultValue: "30" },
      {
        name: "mode",
        label: "Mode",
        type: "choice",
        required: true,
        defaultValue: "restart",
        choices: ["restart", "reload"],
      },
    ],
    presets: [{ name: "Cron", values: { service_name: "cron" } }],
    body: 'systemctl restart -- "$STEWARD_PARAM_SERVICE_NAME"\n',
    ...overrides,
  };
}

async function create(overrides: Partial<SaveScriptRequest> = {}): Promise<ScriptDetail> {
  const res = await admin.post("/api/scripts", scriptBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ScriptDetail>();
}

describe("access", () => {
  it("answers 401 without a session on every script route", async () => {
    const anon = new TestClient(ctx.app);
    for (const [method, url] of [
      ["GET", "/api/scripts"],
      ["POST", "/api/scripts"],
      ["GET", "/api/scripts/1"],
      ["PUT", "/api/scripts/1"],
      ["DELETE", "/api/scripts/1"],
      ["GET", "/api/script-templates"],
      ["GET", "/api/script-templates/linux-uptime"],
      ["POST", "/api/script-templates/linux-uptime/copy"],
    ] as const) {
      const res = await anon.request(method, url, method === "GET" || method === "DELETE" ? undefined : {});
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.json().code).toBe("E_UNAUTHENTICATED");
    }
  });

  it("reads with devices.read and changes only with scripts.manage (403 otherwise)", async () => {
    const script = await create();
    const reader = (await signedInClient(ctx, { permissions: ["devices.read"] })).client;
    expect((await reader.get("/api/scripts")).statusCode).toBe(200);
    expect((await reader.get(`/api/scripts/${script.id}`)).statusCode).toBe(200);
    expect((await reader.get("/api/script-templates")).statusCode).toBe(200);
    expect((await reader.get("/api/script-templates/linux-uptime")).statusCode).toBe(200);
    for (const res of [
      await reader.post("/api/scripts", scriptBody()),
      await reader.put(`/api/scripts/${script.id}`, scriptBody()),
      await reader.delete(`/api/scripts/${script.id}`),
      await reader.post("/api/script-templates/linux-uptime/copy", {}),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        code: "E_FORBIDDEN",
        message: "You do not have permission to do this",
      });
    }
    const outsider = (await signedInClient(ctx, { permissions: ["dashboard.read"] })).client;
    expect((await outsider.get("/api/scripts")).statusCode).toBe(403);
    expect((await outsider.get("/api/script-templates")).statusCode).toBe(403);

    const author = (await signedInClient(ctx, { permissions: ["scripts.manage"] })).client;
    const created = await author.post("/api/scripts", scriptBody());
    expect(created.statusCode).toBe(201);
    expect((await author.delete(`/api/scripts/${created.json().id}`)).statusCode).toBe(204);
  });
});

describe("library CRUD", () => {
  it("creates a script with typed parameters and presets, and records who made it", async () => {
    const body = scriptBody();
    const res = await admin.post("/api/scripts", body);
    expect(res.statusCode, res.body).toBe(201);
    const script = res.json<ScriptDetail>();
    expect(script).toMatchObject({
      name: body.name,
      language: "bash",
      os: "LINUX",
      architecture: "X64",
      timeoutSeconds: 120,
      body: body.body,
      templateId: null,
      createdBy: { id: adminId },
      updatedBy: { id: adminId },
      presets: [{ name: "Cron", values: { service_name: "cron" } }],
    });
    expect(script.parameters[2]).toEqual({
      name: "mode",
      label: "Mode",
      type: "choice",
      required: true,
      defaultValue: "restart",
      choices: ["restart", "reload"],
      description: "",
    });
    expect((await admin.get(`/api/scripts/${script.id}`)).json()).toEqual(script);
  });

  it("fills the defaults: architecture ALL, timeout 600 s, no parameters or presets", async () => {
    const res = await admin.post("/api/scripts", {
      name: unique(),
      language: "sh",
      os: "ANY",
      body: "echo hi",
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      architecture: "ALL",
      timeoutSeconds: 600,
      parameters: [],
      presets: [],
      description: "",
    });
  });

  it("replaces a script with PUT, keeps the creator and sets the updater", async () => {
    const script = await create();
    const editor = await signedInClient(ctx, { permissions: ["scripts.manage", "devices.read"] });
    const body = scriptBody({
      name: `${script.name} v2`,
      language: "python",
      body: "print('hi')",
      parameters: [],
      presets: [],
    });
    const res = await editor.client.put(`/api/scripts/${script.id}`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: script.id,
      name: body.name,
      language: "python",
      parameters: [],
      createdBy: { id: adminId },
      updatedBy: { id: editor.userId },
    });
    expect(Date.parse(res.json().updatedAt)).toBeGreaterThanOrEqual(Date.parse(script.updatedAt));
  });

  it("deletes a script; afterwards it is 404 E_SCRIPT_NOT_FOUND everywhere", async () => {
    const script = await create();
    expect((await admin.delete(`/api/scripts/${script.id}`)).statusCode).toBe(204);
    for (const res of [
      await admin.get(`/api/scripts/${script.id}`),
      await admin.put(`/api/scripts/${script.id}`, scriptBody()),
      await admin.delete(`/api/scripts/${script.id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: "E_SCRIPT_NOT_FOUND", message: "Script not found" });
    }
  });

  it("refuses a second script with the same name (case-insensitive) with 409 E_SCRIPT_NAME_TAKEN", async () => {
    const script = await create();
    const res = await admin.post("/api/scripts", scriptBody({ name: script.name.toUpperCase() }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: "E_SCRIPT_NAME_TAKEN",
      message: `A script named "${script.name.toUpperCase()}" already exists`,
    });
    const other = await create();
    const renamed = await admin.put(`/api/scripts/${other.id}`, scriptBody({ name: script.name }));
    expect(renamed.statusCode).toBe(409);
    expect(renamed.json().code).toBe("E_SCRIPT_NAME_TAKEN");
  });

  it("pages, searches and filters by language, OS and the OS a device runs", async () => {
    const tag = randomBytes(3).toString("hex");
    await create({ name: `Filter ${tag} linux bash`, language: "bash", os: "LINUX" });
    await create({ name: `Filter ${tag} any python`, language: "python", os: "ANY", body: "print(1)" });
    await create({
      name: `Filter ${tag} windows ps`,
      language: "powershell",
      os: "WINDOWS",
      description: `findme-${tag}`,
    });

    const all = (await admin.get(`/api/scripts?search=${tag}`)).json();
    expect(all.total).toBe(3);
    expect(all.items.map((s: ScriptDetail) => s.name)).toEqual([
      `Filter ${tag} any python`,
      `Filter ${tag} linux bash`,
      `Filter ${tag} windows ps`,
    ]);
    expect(all.items[0]).not.toHaveProperty("body");

    expect((await admin.get(`/api/scripts?search=findme-${tag}`)).json().total).toBe(1);
    expect(
      (await admin.get(`/api/scripts?search=${tag}&language=python`))
        .json()
        .items.map((s: ScriptDetail) => s.os),
    ).toEqual(["ANY"]);
    expect((await admin.get(`/api/scripts?search=${tag}&os=LINUX`)).json().total).toBe(1);
    const runnable = (await admin.get(`/api/scripts?search=${tag}&runnableOn=LINUX`)).json();
    expect(runnable.items.map((s: ScriptDetail) => s.os).sort()).toEqual(["ANY", "LINUX"]);

    const page2 = (await admin.get(`/api/scripts?search=${tag}&page=2&pageSize=2`)).json();
    expect(page2).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(page2.items).toHaveLength(1);
    expect((await admin.get(`/api/scripts?search=${encodeURIComponent("100%_")}`)).json().total).toBe(0);
  });
});

describe("validation by code, with exact messages", () => {
  const expectInvalid = async (body: unknown, message: string) => {
    const res = await admin.post("/api/scripts", body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: "E_VALIDATION", message });
  };

  it("requires a name and a body", async () => {
    await expectInvalid(
      scriptBody({ name: "   " }),
      "name: Mandatory value is undefined. Please enter a value.",
    );
    await expectInvalid(
      scriptBody({ body: " \n " }),
      "body: Mandatory value is undefined. Please enter a value.",
    );
  });

  it("accepts only the runner's languages, the OS and architecture lists, and a timeout of 1 to 86400 s", async () => {
    for (const body of [
      scriptBody({ language: "perl" as never }),
      scriptBody({ os: "BSD" as never }),
      scriptBody({ architecture: "MIPS" as never }),
    ]) {
      const res = await admin.post("/api/scripts", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe("E_VALIDATION");
    }
    await expectInvalid(
      scriptBody({ timeoutSeconds: 0 }),
      "timeoutSeconds: Value must be greater than or equal to 1",
    );
    await expectInvalid(
      scriptBody({ timeoutSeconds: 86_401 }),
      "timeoutSeconds: Value must be less than or equal to 86400",
    );
  });

  it("checks parameter names, duplicates, choices and defaults", async () => {
    const p = { label: "P", type: "text" as const, required: false, defaultValue: "" };
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "1bad" }], presets: [] }),
      "parameters.0.name: Start with a letter or _; use letters, digits and _ (at most 64)",
    );
    await expectInvalid(
      scriptBody({
        parameters: [
          { ...p, name: "host" },
          { ...p, name: "HOST" },
        ],
        presets: [],
      }),
      'parameters.1.name: Another parameter is already named "HOST" (names are compared without case)',
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "pick", type: "choice" }], presets: [] }),
      "parameters.0.choices: Give at least one choice",
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "pick", type: "choice", choices: ["a", "a"] }], presets: [] }),
      "parameters.0.choices: Choices must be unique",
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "pick", type: "choice", choices: ["a;b"] }], presets: [] }),
      "parameters.0.choices: Choices cannot contain & | ; $ > < ` !",
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "n", type: "number", defaultValue: "ten" }], presets: [] }),
      "parameters.0.defaultValue: Invalid",
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "n", type: "number", defaultValue: "1e3" }], presets: [] }),
      "parameters.0.defaultValue: Must not be in scientific notation",
    );
    await expectInvalid(
      scriptBody({ parameters: [{ ...p, name: "b", type: "boolean", defaultValue: "yes" }], presets: [] }),
      "parameters.0.defaultValue: Enter true or false",
    );
    await expectInvalid(
      scriptBody({
        parameters: [{ ...p, name: "c", type: "choice", choices: ["x", "y"], defaultValue: "z" }],
        presets: [],
      }),
      "parameters.0.defaultValue: Choose one of: x, y",
    );
  });

  it("checks presets: unique names, known parameters, valid values", async () => {
    await expectInvalid(
      scriptBody({
        presets: [
          { name: "A", values: {} },
          { name: "a", values: {} },
        ],
      }),
      'presets.1.name: Another preset is already named "a"',
    );
    await expectInvalid(
      scriptBody({ presets: [{ name: "A", values: { nope: "1" } }] }),
      'presets.0.values.nope: The script has no parameter "nope"',
    );
    await expectInvalid(
      scriptBody({ presets: [{ name: "A", values: { wait: "soon" } }] }),
      "presets.0.values.wait: Invalid",
    );
    await expectInvalid(
      scriptBody({ presets: [{ name: "A", values: { mode: "stop" } }] }),
      "presets.0.values.mode: Choose one of: restart, reload",
    );
  });

  it("answers a non-numeric id with 400, not 500", async () => {
    const res = await admin.get("/api/scripts/abc");
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_VALIDATION");
  });
});

describe("template scripts", () => {
  it("serves at least 20 templates over every language, without bodies in the list", async () => {
    const res = await admin.get("/api/script-templates");
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { id: string; language: string; os: string }[];
    expect(items.length).toBeGreaterThanOrEqual(20);
    expect(new Set(items.map((t) => t.language))).toEqual(
      new Set(["powershell", "batch", "bash", "sh", "python"]),
    );
    expect(new Set(items.map((t) => t.os))).toEqual(new Set(["WINDOWS", "LINUX", "MAC", "ANY"]));
    expect(items[0]).not.toHaveProperty("body");
    const linux = (await admin.get("/api/script-templates?os=LINUX&language=sh")).json().items as {
      os: string;
      language: string;
    }[];
    expect(linux.length).toBeGreaterThan(0);
    expect(linux.every((t) => t.os === "LINUX" && t.language === "sh")).toBe(true);
    expect(
      (await admin.get("/api/script-templates?search=certificate"))
        .json()
        .items.map((t: { id: string }) => t.id),
    ).toEqual(["check-certificate-expiry"]);
  });

  it("serves one template read-only with its body; an unknown id is 404 E_SCRIPT_TEMPLATE_NOT_FOUND", async () => {
    const res = await admin.get("/api/script-templates/windows-restart-service");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: "windows-restart-service",
      language: "powershell",
      os: "WINDOWS",
      readOnly: false,
    });
    expect(res.json().body).toContain("$env:STEWARD_PARAM_SERVICE_NAME");
    const missing = await admin.get("/api/script-templates/no-such-template");
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({
      code: "E_SCRIPT_TEMPLATE_NOT_FOUND",
      message: "Template script not found",
    });
    expect((await admin.get("/api/script-templates/Bad_Id!")).json().code).toBe("E_VALIDATION");
  });

  it("copies a template into the library, naming copies (2), (3) … unless a name is given", async () => {
    const template = (await admin.get("/api/script-templates/linux-disk-cleanup")).json();
    const first = await admin.post("/api/script-templates/linux-disk-cleanup/copy");
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      name: template.name,
      description: template.description,
      language: "bash",
      os: "LINUX",
      timeoutSeconds: template.timeoutSeconds,
      parameters: template.parameters,
      presets: template.presets,
      body: template.body,
      templateId: "linux-disk-cleanup",
      createdBy: { id: adminId },
    });
    const second = await admin.post("/api/script-templates/linux-disk-cleanup/copy", {});
    expect(second.json().name).toBe(`${template.name} (2)`);
    const named = await admin.post("/api/script-templates/linux-disk-cleanup/copy", { name: "Our cleanup" });
    expect(named.json().name).toBe("Our cleanup");
    const taken = await admin.post("/api/script-templates/linux-disk-cleanup/copy", { name: "our CLEANUP" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe("E_SCRIPT_NAME_TAKEN");
    // The copy is the user's: changing it leaves the template alone.
    await admin.put(`/api/scripts/${named.json().id}`, { ...scriptBody(), name: "Our cleanup" });
    expect((await admin.get("/api/script-templates/linux-disk-cleanup")).json().body).toBe(template.body);
    const missing = await admin.post("/api/script-templates/nope/copy", {});
    expect(missing.json().code).toBe("E_SCRIPT_TEMPLATE_NOT_FOUND");
  });
});
