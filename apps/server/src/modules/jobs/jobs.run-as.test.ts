import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto, type CreateCredentialRequest } from "@steward/contracts";
import {
  createTestContext,
  signedInClient,
  type TestClient,
  type TestContext,
} from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { systemScope } from "../../platform/identity/index.js";
import { createJobsRepository } from "./jobs.repository.js";
import { NO_ENCRYPTION_KEY_MESSAGE, runScriptPayloadOf } from "./commands.js";
import { sealSecret } from "../agents/index.js";
import { agentEncryptionKeys, openAsAgent } from "../../testing/sealed-secrets.js";

let ctx: TestContext;
let admin: TestClient;
let orgA: number;
let orgB: number;
let linux: number;
let windows: number;
let mac: number;
let otherOrgLinux: number;
let placeB: { organizationId: number; locationId: number };
const SECRET = 'Tr0ub4dor&3 "quoted" $HOME';

const linuxOs = { family: "LINUX" as const, name: "Ubuntu 24.04", version: "24.04", arch: "x64" };
const macOs = { family: "MAC" as const, name: "macOS 15", version: "15.1", arch: "arm64" };

async function credential(organizationId: number, body: Partial<CreateCredentialRequest>) {
  const res = await admin.post(`/api/organizations/${organizationId}/credentials`, {
    name: `cred-${Math.random().toString(36).slice(2, 8)}`,
    type: "LINUX",
    username: "svc",
    secret: SECRET,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  const a = await createOrganization(ctx);
  const b = await createOrganization(ctx);
  orgA = a.organizationId;
  orgB = b.organizationId;
  placeB = b;
  linux = (await enrollDevice(ctx, a, { inventory: { os: linuxOs } })).id;
  windows = (await enrollDevice(ctx, a)).id;
  mac = (await enrollDevice(ctx, a, { inventory: { os: macOs } })).id;
  otherOrgLinux = (await enrollDevice(ctx, b, { inventory: { os: linuxOs } })).id;
});
afterAll(async () => {
  await ctx.close();
});

const inline = (runAs: string, language = "bash") => ({
  script: { name: "whoami", language, body: "id -un" },
  runAs,
});

async function submitAs(nodeId: number, runAs: string) {
  return admin.post("/api/webapp/submit/job", {
    nodes: [{ nodeId, jobs: [{ jobType: "ACTION", content: inline(runAs) }] }],
  });
}

const agentKeys = agentEncryptionKeys();

/**
 * The payload the dispatcher signs for the job's agent (one with an encryption key, or an older
 * one without), with a sealed password opened the way that agent opens it.
 */
async function signedPayload(jobUid: string, options: { agentHasKey?: boolean } = {}) {
  const row = (await createJobsRepository(ctx.deps.db).byUid(systemScope, jobUid))!;
  const target = { agentId: row.deviceId, jobUid: row.jobUid, attempt: row.attempt };
  const built = runScriptPayloadOf(row, {
    seal: (secret) =>
      options.agentHasKey === false ? null : sealSecret(agentKeys.publicKey, secret, target),
    openAtRest: (sealed, context) => ctx.deps.secretBox.open(sealed, context),
  });
  if (!built || "fail" in built) throw new Error(built ? built.fail : "no payload");
  const payload = proto.runScriptPayload.parse(built.payload);
  if (!payload.account) return { ...payload, sealedPassword: undefined };
  const { passwordSealed, ...account } = payload.account;
  return {
    ...payload,
    sealedPassword: passwordSealed,
    account: {
      ...account,
      ...(passwordSealed ? { password: openAsAgent(passwordSealed, agentKeys, target) } : {}),
    },
  };
}

async function refusedWith(nodeId: number, runAs: string, message: string) {
  const res = await submitAs(nodeId, runAs);
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json()).toMatchObject({
    code: "E_RUN_AS_INVALID",
    message: `content.runAs: ${message}`,
    details: { issues: [{ path: ["content", "runAs"], message }] },
  });
}

describe("Run As reaches the agent inside the signed command", () => {
  it("System carries no account", async () => {
    const res = await submitAs(linux, "System");
    expect(res.statusCode, res.body).toBe(200);
    const payload = await signedPayload(res.json().jobs[0].jobUid);
    expect(payload.runAs).toBe("System");
    expect(payload.account).toBeUndefined();
  });

  it("a stored Linux credential gives the agent its username only (the local account), never the secret", async () => {
    const id = await credential(orgA, { type: "LINUX", username: "deploy" });
    const res = await submitAs(linux, `credential:${id}`);
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().jobs[0].jobUid as string;
    const payload = await signedPayload(uid);
    expect(payload).toMatchObject({ runAs: `credential:${id}`, account: { username: "deploy" } });
    expect(payload.account).not.toHaveProperty("password");
    const row = await createJobsRepository(ctx.deps.db).byUid(systemScope, uid);
    expect(JSON.stringify(row)).not.toContain(SECRET);
  });

  it("the Preferred choices stand for the organization's preferred credential of that type", async () => {
    const preferredMac = await credential(orgA, { type: "MAC", username: "macadmin", preferred: true });
    const res = await submitAs(mac, "Preferred Mac Credential");
    expect(res.statusCode, res.body).toBe(200);
    expect((await signedPayload(res.json().jobs[0].jobUid)).account).toEqual({ username: "macadmin" });
    expect(preferredMac).toBeGreaterThan(0);
  });

  it("a fan-out over two organizations gives each device its own organization's preferred credential", async () => {
    const otherOrgMac = (await enrollDevice(ctx, placeB, { inventory: { os: macOs } })).id;
    await credential(orgB, { type: "MAC", username: "b-macadmin", preferred: true });
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [mac, otherOrgMac, otherOrgLinux].map((nodeId) => ({
        nodeId,
        jobs: [{ jobType: "ACTION", content: inline("Preferred Mac Credential") }],
      })),
    });
    // A Mac choice is no choice for the Linux device: the whole submit is refused.
    expect(res.statusCode, res.body).toBe(400);
    const ok = await admin.post("/api/webapp/submit/job", {
      nodes: [mac, otherOrgMac].map((nodeId) => ({
        nodeId,
        jobs: [{ jobType: "ACTION", content: inline("Preferred Mac Credential") }],
      })),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [a, b] = ok.json().jobs as { jobUid: string }[];
    expect((await signedPayload(a!.jobUid)).account).toEqual({ username: "macadmin" });
    expect((await signedPayload(b!.jobUid)).account).toEqual({ username: "b-macadmin" });
  });

  it("a Windows device gets the password, opened only to sign its command; no answer or listing carries it", async () => {
    const id = await credential(orgA, {
      type: "WINDOWS_DOMAIN_ADMIN",
      username: "CORP\\helpdesk",
      preferred: true,
    });
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: windows,
          jobs: [{ jobType: "ACTION", content: inline("Preferred Windows Domain Admin", "powershell") }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().jobs[0].jobUid as string;
    const signed = await signedPayload(uid);
    expect(signed.account).toEqual({ username: "CORP\\helpdesk", password: SECRET });
    // Inside the signed command the password is sealed to the agent's key: never in clear text.
    expect(signed.sealedPassword).toMatchObject({ alg: "x25519-hkdf-sha256-aes256gcm" });
    const row0 = (await createJobsRepository(ctx.deps.db).byUid(systemScope, uid))!;
    const built = runScriptPayloadOf(row0, {
      seal: (secret) =>
        sealSecret(agentKeys.publicKey, secret, {
          agentId: row0.deviceId,
          jobUid: uid,
          attempt: row0.attempt,
        }),
      openAtRest: (sealed, context) => ctx.deps.secretBox.open(sealed, context),
    });
    expect(JSON.stringify(built)).not.toContain(SECRET);
    // Sealed for this job: opening it as another job (or attempt) fails.
    expect(() =>
      openAsAgent(signed.sealedPassword!, agentKeys, { agentId: row0.deviceId, jobUid: "other", attempt: 1 }),
    ).toThrow();
    // An agent without an encryption key (older agent) gets no password: the job fails instead.
    await expect(signedPayload(uid, { agentHasKey: false })).rejects.toThrow(NO_ENCRYPTION_KEY_MESSAGE);
    // Sealed at rest on the job row, like the credential itself.
    const row = await createJobsRepository(ctx.deps.db).byUid(systemScope, uid);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    const answers = [
      (await admin.get(`/api/webapp/job/${uid}`)).body,
      (await admin.get(`/api/webapp/job/list?nodeId=${windows}`)).body,
      (await admin.get(`/api/webapp/job/list`)).body,
      (await admin.get(`/api/credential/organization/${orgA}/list`)).body,
    ];
    for (const body of answers) {
      expect(body).not.toContain(SECRET);
      expect(body).not.toContain("secretSealed");
      expect(body).not.toContain("runAsAccount");
    }
    const job = (await admin.get(`/api/webapp/job/${uid}`)).json().job;
    expect(job.content.runAs).toBe("Preferred Windows Domain Admin");
    expect(id).toBeGreaterThan(0);
  });

  it("a Windows job completed by its agent's result no longer holds the sealed password", async () => {
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: windows,
          jobs: [{ jobType: "ACTION", content: inline("Preferred Windows Domain Admin", "powershell") }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().jobs[0].jobUid as string;
    const repo = createJobsRepository(ctx.deps.db);
    expect(JSON.stringify((await repo.byUid(systemScope, uid))!.data)).toContain("secretSealed");
    const [settled] = await ctx.services.jobs.applyResults([
      {
        deviceId: windows,
        result: {
          type: "job-result",
          jobUid: uid,
          attempt: 1,
          outcome: "SUCCESS",
          exitCode: 0,
          stdout: "CORP\\helpdesk\n",
          stderr: "",
          truncated: false,
          errorMessage: null,
        },
      },
    ]);
    expect(settled).toEqual({ status: "fulfilled", value: true });
    const row = (await repo.byUid(systemScope, uid))!;
    expect(row.jobStatus).toBe("COMPLETED");
    expect(JSON.stringify(row.data)).not.toContain("secretSealed");
  });

  it("a cancelled Windows job no longer holds the sealed password", async () => {
    await credential(orgA, { type: "WINDOWS_LOCAL_ADMIN", username: "localadmin", preferred: true });
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: windows,
          jobs: [{ jobType: "ACTION", content: inline("Preferred Windows Local Admin", "powershell") }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().jobs[0].jobUid as string;
    const repo = createJobsRepository(ctx.deps.db);
    expect(JSON.stringify((await repo.byUid(systemScope, uid))!.data)).toContain("secretSealed");
    const cancelled = await admin.post(`/api/webapp/job/${uid}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const row = (await repo.byUid(systemScope, uid))!;
    expect(row.jobStatus).toBe("CANCELLED");
    expect(JSON.stringify(row.data)).not.toContain("secretSealed");
    expect(row.data).toMatchObject({ runAsAccount: { username: "localadmin" } });
  });

  it("Current Logged on User is a Windows choice and carries no account", async () => {
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: windows,
          jobs: [{ jobType: "ACTION", content: inline("Current Logged on User", "powershell") }],
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const payload = await signedPayload(res.json().jobs[0].jobUid);
    expect(payload.runAs).toBe("Current Logged on User");
    expect(payload.account).toBeUndefined();
  });
});

describe("Run As is checked against the device's choices (400 E_RUN_AS_INVALID, nothing queued)", () => {
  it("refuses a choice of another OS or a free-typed account", async () => {
    await refusedWith(
      linux,
      "Current Logged on User",
      '"Current Logged on User" is not a Run As choice for Linux devices; choose System, Preferred Linux Credential or a stored credential',
    );
    await refusedWith(
      mac,
      "root",
      '"root" is not a Run As choice for Mac devices; choose System, Preferred Mac Credential or a stored credential',
    );
  });

  it("refuses a Preferred choice when the organization has no preferred credential of that type", async () => {
    await refusedWith(
      otherOrgLinux,
      "Preferred Linux Credential",
      '"Preferred Linux Credential" needs a preferred Linux credential in the device\'s organization, and none is stored',
    );
  });

  it("refuses another organization's credential, an unknown one, and one of a type that does not fit the OS", async () => {
    const foreign = await credential(orgB, { type: "LINUX" });
    await refusedWith(
      linux,
      `credential:${foreign}`,
      `credential:${foreign} is not a stored credential of the device's organization`,
    );
    await refusedWith(
      linux,
      "credential:999999",
      "credential:999999 is not a stored credential of the device's organization",
    );
    await credential(orgA, { type: "WINDOWS_LOCAL_ADMIN", name: "Local admin", username: ".\\admin" });
    const list = (await admin.get(`/api/credential/organization/${orgA}/list`)).json().credentials as {
      id: number;
      name: string;
    }[];
    const localAdmin = list.find((c) => c.name === "Local admin")!.id;
    await refusedWith(
      linux,
      `credential:${localAdmin}`,
      'the credential "Local admin" (Windows local administrator) cannot be used on Linux devices',
    );
    expect((await admin.get(`/api/webapp/job/list?nodeId=${otherOrgLinux}`)).json().total).toBe(0);
  });

  it("a fan-out checks every device against its own organization", async () => {
    const id = await credential(orgA, { type: "OTHER", username: "ops" });
    const res = await admin.post("/api/webapp/submit/job", {
      nodes: [linux, otherOrgLinux].map((nodeId) => ({
        nodeId,
        jobs: [{ jobType: "ACTION", content: inline(`credential:${id}`) }],
      })),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      `content.runAs: credential:${id} is not a stored credential of the device's organization`,
    );
  });
});
