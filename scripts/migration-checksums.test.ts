import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const script = fileURLToPath(new URL("./migration-checksums.mjs", import.meta.url));
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "steward-checksums-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function run(...args: string[]) {
  const result = spawnSync(process.execPath, [script, ...args, "--dir", dir], { encoding: "utf8" });
  return { status: result.status, out: result.stdout, err: result.stderr };
}
const recorded = (): Record<string, string> =>
  JSON.parse(fs.readFileSync(path.join(dir, "checksums.json"), "utf8"));

describe("scripts/migration-checksums.mjs", () => {
  it("records new migration files, then only appends", () => {
    fs.writeFileSync(path.join(dir, "0000_init.sql"), "CREATE TABLE a (id int);");
    fs.writeFileSync(path.join(dir, "0001_more.sql"), "CREATE TABLE b (id int);");
    expect(run().status).toBe(1);
    const first = run("--add");
    expect(first.status).toBe(0);
    expect(first.out).toContain("0000_init.sql, 0001_more.sql");
    const hashes = recorded();
    expect(Object.keys(hashes)).toEqual(["0000_init.sql", "0001_more.sql"]);
    expect(run()).toMatchObject({ status: 0 });

    // A changed released migration is reported and never re-recorded; a new file still is.
    fs.writeFileSync(path.join(dir, "0001_more.sql"), "CREATE TABLE b (id bigint);");
    fs.writeFileSync(path.join(dir, "0002_next.sql"), "CREATE TABLE c (id int);");
    const check = run();
    expect(check.status).toBe(1);
    expect(check.err).toContain("changed since it was recorded: 0001_more.sql");
    expect(check.err).toContain("not recorded yet (run with --add): 0002_next.sql");
    const second = run("--add");
    expect(second.status).toBe(1);
    expect(second.err).toContain("0001_more.sql");
    expect(recorded()).toEqual({ ...hashes, "0002_next.sql": expect.stringMatching(/^[0-9a-f]{64}$/) });

    // A recorded file that vanished is reported too.
    fs.rmSync(path.join(dir, "0000_init.sql"));
    expect(run().err).toContain("recorded but missing: 0000_init.sql");
  });

  it("hashes Windows line endings like Unix ones", () => {
    // Back to the recorded texts.
    fs.writeFileSync(path.join(dir, "0000_init.sql"), "CREATE TABLE a (id int);");
    fs.writeFileSync(path.join(dir, "0001_more.sql"), "CREATE TABLE b (id int);");
    expect(run().status).toBe(0);
    fs.writeFileSync(path.join(dir, "0003_lines.sql"), "SELECT 1;\nSELECT 2;\n");
    expect(run("--add").status).toBe(0);
    fs.writeFileSync(path.join(dir, "0003_lines.sql"), "SELECT 1;\r\nSELECT 2;\r\n");
    expect(run()).toMatchObject({ status: 0 });
  });
});
