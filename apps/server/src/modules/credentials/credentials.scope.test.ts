import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CreateCredentialRequest } from "@steward/contracts";
import { signedInClient, type TestClient } from "../../testing/test-app.js";
import { enrollDevice } from "../../testing/device-fixtures.js";
import {
  scopedTechnician,
  twoOrganizations,
  type ScopedOrganization,
  type TwoOrganizations,
} from "../../testing/scope-fixtures.js";
import { jobs } from "../jobs/jobs.tables.js";
import { credentials } from "./credentials.tables.js";

let { ctx, admin, scoped: managerA, full: fullManager } = {} as TwoOrganizations;
let runnerA: TestClient;
let placeA: ScopedOrganization;
let orgA: number;
let orgB: number;
let credentialA: number;
let credentialB: number;

const body = (name: string, over: Partial<CreateCredentialRequest> = {}): CreateCredentialRequest => ({
  name,
  type: "LINUX",
  username: "deploy",
  secret: "s3cret-value",
  description: "",
  preferred: false,
  ...over,
});

async function create(organizationId: number, name: string, over: Partial<CreateCredentialRequest> = {}) {
  const res = await admin.post(`/api/organizations/${organizationId}/credentials`, body(name, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as number;
}

/** Every credential row, in a stable order: what "nothing changed" is checked against. */
const allCredentials = () => ctx.deps.db.select().from(credentials).orderBy(asc(credentials.id));

beforeAll(async () => {
  let placeB: ScopedOrganization;
  ({
    ctx,
    admin,
    scoped: managerA,
    full: fullManager,
    a: placeA,
    b: placeB,
  } = await twoOrganizations({
    permissions: ["credentials.manage"],
    fullPermissions: ["credentials.manage", "jobs.run"],
    devices: { a: [], b: [] },
  }));
  [orgA, orgB] = [placeA.organizationId, placeB.organizationId];
  credentialA = await create(orgA, "Deploy A", { preferred: true });
  credentialB = await create(orgB, "Deploy B", { preferred: true });
  runnerA = await scopedTechnician(ctx, ["devices.read", "jobs.run"], [orgA]);
});
afterAll(async () => {
  await ctx.close();
});

const shape = (res: { json(): { code: string; message: string } }) => ({
  code: res.json().code,
  message: res.json().message,
});

describe("GET /api/credential/organization/{id}/list", () => {
  it("a manager or a runner scoped to A lists A; B answers 404 exactly like an organization that does not exist", async () => {
    for (const client of [managerA, runnerA]) {
      const own = await client.get(`/api/credential/organization/${orgA}/list`);
      expect(own.statusCode, own.body).toBe(200);
      expect(own.json().credentials.map((c: { id: number }) => c.id)).toEqual([credentialA]);
      const outside = await client.get(`/api/credential/organization/${orgB}/list`);
      const missing = await client.get("/api/credential/organization/999999/list");
      expect(outside.statusCode).toBe(404);
      expect(shape(outside)).toEqual(shape(missing));
    }
  });

  it("reads the list over the union of jobs.run and credentials.manage organizations", async () => {
    const mixed = (
      await signedInClient(ctx, { permissions: ["credentials.manage"], organizationIds: [orgB] })
    ).client;
    expect((await mixed.get(`/api/credential/organization/${orgB}/list`)).statusCode).toBe(200);
    expect((await mixed.get(`/api/credential/organization/${orgA}/list`)).statusCode).toBe(404);
  });

  it("full access and a system administrator list both organizations", async () => {
    for (const client of [fullManager, admin])
      for (const [org, id] of [
        [orgA, credentialA],
        [orgB, credentialB],
      ] as const) {
        const res = await client.get(`/api/credential/organization/${org}/list`);
        expect(res.statusCode).toBe(200);
        expect(res.json().credentials.map((c: { id: number }) => c.id)).toEqual([id]);
      }
  });
});

describe("changing credentials outside the scope changes nothing", () => {
  it("create, update and delete in organization B answer 404 like a missing organization", async () => {
    const before = await allCredentials();
    const attempts = [
      [
        await managerA.post(`/api/organizations/${orgB}/credentials`, body("Planted")),
        await managerA.post("/api/organizations/999999/credentials", body("Planted")),
      ],
      [
        await managerA.put(`/api/organizations/${orgB}/credentials/${credentialB}`, body("Renamed")),
        await managerA.put(`/api/organizations/999999/credentials/${credentialB}`, body("Renamed")),
      ],
      [
        await managerA.delete(`/api/organizations/${orgB}/credentials/${credentialB}`),
        await managerA.delete(`/api/organizations/999999/credentials/${credentialB}`),
      ],
    ];
    for (const [outside, missing] of attempts) {
      expect(outside!.statusCode).toBe(404);
      expect(shape(outside!)).toEqual(shape(missing!));
    }
    // B's credential through A's organization path: not found either.
    const crossed = await managerA.put(
      `/api/organizations/${orgA}/credentials/${credentialB}`,
      body("Moved"),
    );
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().code).toBe("E_CREDENTIAL_NOT_FOUND");
    expect(await allCredentials()).toEqual(before);
  });

  it("the manager scoped to A changes A's credentials; full access changes B's", async () => {
    const renamed = await managerA.put(`/api/organizations/${orgA}/credentials/${credentialA}`, {
      ...body("Deploy A2", { preferred: true }),
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const other = await fullManager.post(`/api/organizations/${orgB}/credentials`, body("Second B"));
    expect(other.statusCode, other.body).toBe(201);
  });
});

describe("Run As", () => {
  it("the choices for organization B answer 404 to a runner scoped to A; A's credentials are offered", async () => {
    const outside = await runnerA.get(`/api/run-as/choices?os=LINUX&organizationId=${orgB}`);
    const missing = await runnerA.get("/api/run-as/choices?os=LINUX&organizationId=999999");
    expect(outside.statusCode).toBe(404);
    expect(shape(outside)).toEqual(shape(missing));
    const own = await runnerA.get(`/api/run-as/choices?os=LINUX&organizationId=${orgA}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().choices.map((c: { credentialId: number | null }) => c.credentialId)).toContain(
      credentialA,
    );
  });

  it("a submit cannot run as another organization's credential, and queues nothing", async () => {
    const device = await enrollDevice(ctx, placeA, {
      inventory: { os: { family: "LINUX", name: "Debian", version: "12", arch: "x64" } },
    });
    const before = await ctx.deps.db.select().from(jobs);
    const res = await runnerA.post("/api/webapp/submit/job", {
      nodes: [
        {
          nodeId: device.id,
          jobs: [
            {
              jobType: "ACTION",
              content: {
                script: { name: "x", language: "bash", body: "true" },
                parameters: [],
                runAs: `credential:${credentialB}`,
              },
            },
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe("E_RUN_AS_INVALID");
    expect(await ctx.deps.db.select().from(jobs)).toEqual(before);
  });
});
