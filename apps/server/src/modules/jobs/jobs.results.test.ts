import { createHash, createPublicKey, verify } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agent as proto } from "@steward/contracts";
import { createTestContext, signedInClient, TestClient, type TestContext } from "../../testing/test-app.js";
import { createOrganization } from "../../testing/agent-harness.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import { generateCommandSigner } from "../../platform/crypto/index.js";
import { systemScope } from "../../platform/identity/index.js";
import type { JobsService } from "./jobs.service.js";
import { signCommand } from "./envelope.js";

let ctx: TestContext;
let admin: TestClient;
let service: JobsService;
const devices: number[] = [];

const linuxOs = { family: "LINUX" as const, name: "Debian GNU/Linux 12", version: "12", arch: "x64" };

beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, { admin: true })).client;
  service = ctx.services.jobs;
  const place = await createOrganization(ctx);
  for (let i = 0; i < 6; i++)
    devices.push((await enrollDevice(ctx, place, { inventory: { hostname: `web-${i}`, os: linuxOs } })).id);
});
afterAll(async () => {
  await ctx.close();
});

/** One inline script to every device in one submit (a fan-out); answers the jobs by device. */
async function fanOut(nodeIds: number[]) {
  const res = await admin.post("/api/webapp/submit/job", {
    nodes: nodeIds.map((nodeId) => ({
      nodeId,
      jobs: [
        { jobType: "ACTION", content: { script: { name: "Uptime", language: "bash", body: "uptime" } } },
      ],
    })),
  });
  expect(res.statusCode, res.body).toBe(200);
  const jobs = res.json().jobs as { jobUid: string; nodeId: number }[];
  expect(jobs.map((j) => j.nodeId)).toEqual(nodeIds);
  return jobs;
}

const result = (jobUid: string, overrides: Partial<proto.JobResultMessage> = {}): proto.JobResultMessage => ({
  type: "job-result",
  jobUid,
  attempt: 1,
  outcome: "SUCCESS",
  exitCode: 0,
  stdout: `done ${jobUid.slice(0, 4)}\n`,
  stderr: "",
  truncated: false,
  errorMessage: null,
  ...overrides,
});

const job = async (jobUid: string) => (await admin.get(`/api/webapp/job/${jobUid}`)).json().job;
const output = async (jobUid: string) => (await admin.get(`/api/webapp/job/${jobUid}/output`)).json();

describe("results of many devices applied together", () => {
  it("completes each job once with its own output; a duplicate, a stale attempt or another device's report changes nothing", async () => {
    const jobs = await fanOut(devices.slice(0, 4));
    const [a, b, c, d] = jobs.map((j) => j.jobUid) as [string, string, string, string];
    const settled = await service.applyResults([
      { deviceId: devices[0]!, result: result(a) },
      {
        deviceId: devices[1]!,
        result: result(b, { outcome: "FAILURE", exitCode: 3, stderr: "disk full\n" }),
      },
      // the same result again in the same batch (an agent that resent it)
      { deviceId: devices[0]!, result: result(a, { stdout: "second copy\n" }) },
      // an older attempt's result
      { deviceId: devices[2]!, result: result(c, { attempt: 0 }) },
      // reported by a device the job does not belong to
      { deviceId: devices[0]!, result: result(d) },
    ]);
    expect(settled.map((s) => (s.status === "fulfilled" ? s.value : s.reason))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(await job(a)).toMatchObject({ jobStatus: "COMPLETED", jobResult: "SUCCESS" });
    expect(await output(a)).toMatchObject({ stdout: `done ${a.slice(0, 4)}\n`, exitCode: 0 });
    expect(await job(b)).toMatchObject({ jobStatus: "COMPLETED", jobResult: "FAILURE" });
    expect(await output(b)).toMatchObject({ stderr: "disk full\n", exitCode: 3 });
    expect((await job(c)).jobStatus).toBe("START_REQUESTED");
    expect((await job(d)).jobStatus).toBe("START_REQUESTED");

    // Delivered again after a reconnect and reported again: still applied once.
    expect(
      await service.applyResults([{ deviceId: devices[0]!, result: result(a, { stdout: "late\n" }) }]),
    ).toEqual([{ status: "fulfilled", value: false }]);
    expect((await output(a)).stdout).toBe(`done ${a.slice(0, 4)}\n`);
  });

  it("keeps a job cancelled in the console while it ran CANCELLED, with what it printed", async () => {
    const [job1] = await fanOut([devices[4]!]);
    const uid = job1!.jobUid;
    await service.repo.markDelivery(systemScope, uid, 1, "STARTED", new Date());
    const cancel = await admin.post(`/api/webapp/job/${uid}/cancel`, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(
      await service.applyResults([{ deviceId: devices[4]!, result: result(uid, { stdout: "partial\n" }) }]),
    ).toEqual([{ status: "fulfilled", value: true }]);
    expect(await job(uid)).toMatchObject({ jobStatus: "CANCELLED" });
    expect((await output(uid)).stdout).toBe("partial\n");
  });

  it("one result the database cannot store does not hold back the others in its batch", async () => {
    const [j1, j2] = await fanOut([devices[5]!, devices[3]!]);
    const settled = await service.applyResults([
      // PostgreSQL text cannot hold NUL: this one result cannot be stored
      { deviceId: devices[5]!, result: result(j1!.jobUid, { stdout: "a\u0000b" }) },
      { deviceId: devices[3]!, result: result(j2!.jobUid) },
    ]);
    expect(settled.map((s) => s.status)).toEqual(["rejected", "fulfilled"]);
    expect((await job(j1!.jobUid)).jobStatus).toBe("START_REQUESTED");
    expect(await job(j2!.jobUid)).toMatchObject({ jobStatus: "COMPLETED", jobResult: "SUCCESS" });
  });
});

describe("signed commands", () => {
  it("sign exactly the envelope text the agent verifies", () => {
    const signer = generateCommandSigner();
    const message = signCommand(signer, { deviceId: 7, jobUid: "j-1", attempt: 2 }, "run-script", {
      language: "bash",
      body: 'echo "é \\u2028"\n',
      parameters: [{ name: "b", value: "x" }],
      timeoutSeconds: 600,
      runAs: "System",
    });
    // What the agent checks, on the envelope as it arrives (JSON over the socket).
    const { envelope, signature } = JSON.parse(JSON.stringify(message)) as typeof message;
    const key = createPublicKey({
      key: Buffer.concat([
        Buffer.from("302a300506032b6570032100", "hex"),
        Buffer.from(signer.publicKey, "base64"),
      ]),
      format: "der",
      type: "spki",
    });
    const text = Buffer.from(proto.envelopeSigningText(envelope), "utf8");
    expect(verify(null, text, key, Buffer.from(signature, "base64"))).toBe(true);
    expect(createHash("sha256").update(proto.canonicalJson(envelope.payload), "utf8").digest("hex")).toBe(
      envelope.payloadHash,
    );
  });
});
