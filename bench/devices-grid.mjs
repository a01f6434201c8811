// Device grid benchmark (`npm run bench:grid`): seeds 100,000 devices with realistic, varied
// values (OS mix, status, approval, tags, roles, inventories, custom-field values at organization,
// location and device level) into a throwaway database, then runs the grid's real query code
// (the devices service behind GET /api/devices, built from apps/server) many times per scenario
// and prints p50/p95 for: a status filter, a free-text search, a custom-field filter, sorted by name
// (and further scenarios: combined filters, sorted by organization or by health, scoped callers).
//
// Database: embedded PGlite in memory by default; DATABASE_URL=postgres://… creates a throwaway
// database on that server (steward_bench_<pid>), and drops it at the end.
// BENCH_DEVICES (default 100000) and BENCH_RUNS (default 60 per scenario) change the sizes.
// BENCH_VACUUM=1 runs VACUUM ANALYZE after seeding instead of ANALYZE alone.
// BENCH_PGLITE_DIR=folder keeps the PGlite database there: seeded on the first run, reused after.
// Figures are wall-clock per grid request (page query + count); for PGlite, which runs on this
// process's thread, the CPU time of the same requests is printed too (meaningful when other work
// shares the machine's cores).
import { randomBytes } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { build, ensureInstalled, log, root } from "../scripts/prepare.mjs";

const DEVICES = Number(process.env.BENCH_DEVICES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const WARMUP = 5;
const ORGANIZATIONS = 250;

await ensureInstalled();
try {
  await build({ web: false, agent: false, projects: ["apps/server"] });
} catch (error) {
  // tsc -b still emits; type errors elsewhere in the tree do not change the query code measured.
  log(`warning: ${error.message}; measuring the emitted build`);
}

const dist = (p) => import(pathToFileURL(path.join(root, "apps/server/dist", p)).href);
const { openDatabase } = await dist("platform/db/database.js");
const schema = await dist("platform/db/schema.js");
const { refreshFieldValues, withinScope } = await dist("modules/devices/index.js");
// The devices service on its own (the server builds it in its composition root, services.ts).
const { createDevicesService } = await dist("modules/devices/devices.service.js");
const { DeviceRolesRepository } = await dist("modules/device-roles/device-roles.repository.js");
const { systemScope, scopeOfOrganizations } = await dist("platform/identity/index.js");
const { listDevicesQuery } = await import("@steward/contracts");
const { sql } = await import("drizzle-orm");

// --- a deterministic PRNG, so every run seeds the same fleet ---------------------------------
let seed = 0x5eed;
const rand = () => {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = (items) => items[Math.floor(rand() * items.length)];
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));

// --- database -------------------------------------------------------------------------------
let database;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `steward_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  database = await openDatabase({ databaseUrl: url.toString(), poolSize: 4 });
  dropDatabase = async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
} else {
  database = await openDatabase({ pgliteDir: process.env.BENCH_PGLITE_DIR });
}
await database.migrate();
const db = database.db;
const tagPool = ["vip", "finance", "hq", "kiosk", "legacy", "pilot", "byod", "lab", "warehouse", "24x7"];
const departments = ["Finance", "Sales", "Engineering", "Operations", "HR", "Support", "Legal", "Marketing"];
const [{ existing }] = (await db.execute(sql`select count(*)::int as existing from devices`)).rows;
if (existing === 0) await seedFleet();
else log(`reusing ${existing.toLocaleString("en")} seeded devices in ${process.env.BENCH_PGLITE_DIR}`);
const fieldId = async (name) =>
  (await db.execute(sql`select id from custom_fields where name = ${name}`)).rows[0].id;
const department = await fieldId("department");
const tier = await fieldId("contractTier");

async function seedFleet() {
  log(`seeding ${DEVICES.toLocaleString("en")} devices into ${database.kind}...`);
  const started = Date.now();

  await new DeviceRolesRepository(db).ensureBuiltIns();
  const roles = Object.fromEntries((await db.select().from(schema.deviceRoles)).map((r) => [r.key, r.id]));

  // Organizations, 1–5 locations each.
  const orgRows = await db
    .insert(schema.organizations)
    .values(
      Array.from({ length: ORGANIZATIONS }, (_, i) => ({
        name: `Customer ${String(i + 1).padStart(3, "0")} ${pick(["LLC", "Inc", "GmbH", "Ltd", "& Co"])}`,
      })),
    )
    .returning({ id: schema.organizations.id });
  const places = [];
  for (const org of orgRows) {
    const names = ["Main Office", "Warehouse", "Branch North", "Branch South", "Data Center"].slice(
      0,
      int(1, 5),
    );
    const rows = await db
      .insert(schema.locations)
      .values(names.map((name, i) => ({ organizationId: org.id, name, isDefault: i === 0 })))
      .returning({ id: schema.locations.id });
    for (const l of rows) places.push({ organizationId: org.id, locationId: l.id });
  }
  // Bigger customers: devices are spread unevenly over places.
  const weights = places.map(() => rand() ** 3);
  const weightSum = weights.reduce((a, b) => a + b, 0);
  const cumulative = [];
  weights.reduce((acc, w, i) => (cumulative[i] = acc + w / weightSum), 0);
  const placeFor = () => {
    const r = rand();
    const i = cumulative.findIndex((c) => c >= r);
    return places[i < 0 ? places.length - 1 : i];
  };

  const templates = [
    {
      share: 0.45,
      family: "WINDOWS",
      os: [
        ["Microsoft Windows 11 Pro", "10.0.22631"],
        ["Microsoft Windows 11 Business", "10.0.26100"],
        ["Microsoft Windows 10 Pro", "10.0.19045"],
      ],
      prefix: ["DESKTOP", "LAPTOP", "WS", "FRONTDESK", "ACCT", "SALES"],
      role: ["WINDOWS_DESKTOP", "WINDOWS_LAPTOP"],
    },
    {
      share: 0.15,
      family: "WINDOWS",
      os: [
        ["Microsoft Windows Server 2022 Standard", "10.0.20348"],
        ["Microsoft Windows Server 2019 Datacenter", "10.0.17763"],
      ],
      prefix: ["SRV", "DC", "FS", "SQL", "RDS"],
      role: ["WINDOWS_SERVER"],
    },
    {
      share: 0.2,
      family: "MAC",
      os: [
        ["macOS", "14.7.1"],
        ["macOS", "15.1"],
        ["macOS", "13.6.9"],
      ],
      prefix: ["MacBook-Pro", "MacBook-Air", "iMac", "Mac-mini"],
      role: ["MAC"],
    },
    {
      share: 0.2,
      family: "LINUX",
      os: [
        ["Ubuntu", "22.04.5 LTS"],
        ["Ubuntu", "24.04.1 LTS"],
        ["Debian GNU/Linux", "12"],
        ["Red Hat Enterprise Linux", "9.4"],
      ],
      prefix: ["web", "db", "app", "files", "backup", "build", "k8s-node"],
      role: ["LINUX_SERVER", "LINUX_WORKSTATION"],
    },
  ];
  const templateFor = () => {
    let r = rand();
    for (const t of templates) if ((r -= t.share) <= 0) return t;
    return templates[0];
  };
  const agentVersions = ["1.0.0", "1.0.0", "1.0.0", "1.1.0", "1.1.0", "0.9.4"];
  const now = Date.now();
  const GB = 1024 ** 3;

  const batchSize = 1000;
  for (let start = 0; start < DEVICES; start += batchSize) {
    const rows = [];
    for (let i = start; i < Math.min(DEVICES, start + batchSize); i++) {
      const t = templateFor();
      const [osName, osVersion] = pick(t.os);
      const place = placeFor();
      const up = rand() < 0.7;
      const approval = rand() < 0.02 ? "PENDING" : rand() < 0.005 ? "REJECTED" : "APPROVED";
      const lastContact =
        approval === "PENDING" && rand() < 0.5
          ? null
          : new Date(now - (up ? int(0, 60) : int(60, 14 * 86400)) * 1000);
      const subnet = `10.${place.locationId % 250}.${int(0, 250)}`;
      const ips = [
        `${subnet}.${int(2, 254)}`,
        ...(rand() < 0.3
          ? [`fe80::${randomBytes(2).toString("hex")}:${randomBytes(2).toString("hex")}`]
          : []),
      ];
      const tags =
        rand() < 0.25 ? [...new Set([pick(tagPool), ...(rand() < 0.3 ? [pick(tagPool)] : [])])] : [];
      rows.push({
        organizationId: place.organizationId,
        locationId: place.locationId,
        hostname: `${pick(t.prefix)}-${(i + 1).toString(36).toUpperCase().padStart(5, "0")}`,
        displayName:
          rand() < 0.1
            ? `${pick(["Reception", "CEO laptop", "Build agent", "Print server", "Lab"])} ${int(1, 99)}`
            : null,
        osFamily: t.family,
        osName,
        osVersion,
        agentVersion: pick(agentVersions),
        publicKey: randomBytes(32).toString("base64"),
        approvalStatus: approval,
        status: up && approval === "APPROVED" ? "UP" : "DOWN",
        statusChangedAt: new Date(now - int(60, 30 * 86400) * 1000),
        lastContactAt: lastContact,
        publicIp: `203.0.${place.organizationId % 250}.${int(1, 254)}`,
        ipAddresses: ips.join(" "),
        inventoryUpdatedAt:
          lastContact === null ? null : new Date(now - int(60, rand() < 0.05 ? 10 * 86400 : 86400) * 1000),
        totalMemoryBytes: pick([8, 16, 16, 32, 64, 128]) * GB,
        minFreeDiskPercent: rand() < 0.08 ? rand() * 9.9 : 10 + rand() * 80,
        pendingReboot: rand() < 0.1,
        softwareCount: t.family === "LINUX" ? int(20, 40) : int(10, 30),
        roleId: roles[pick(t.role)] ?? null,
        tags,
        enrolledAt: new Date(now - int(1, 700) * 86400_000),
        // A few devices in each worse state, from the index alone (the generator's draws stay as they were).
        healthStatus:
          i % 50 === 0
            ? "UNHEALTHY"
            : i % 12 === 0
              ? "NEEDS_ATTENTION"
              : i % 40 === 1
                ? "UNKNOWN"
                : "HEALTHY",
      });
    }
    await db.insert(schema.devices).values(rows);
  }

  // Inventories (the grid never reads them; they make the database realistically sized).
  const catalog = JSON.stringify(
    Array.from({ length: 60 }, (_, i) => ({
      name: `${pick(["Microsoft", "Google", "Adobe", "Mozilla", "Zoom", "Cisco", "Dell", "Oracle"])} ${pick(["Edge", "Chrome", "Reader", "Firefox", "Client", "Update", "Runtime", "Agent"])} ${i}`,
      version: `${int(1, 130)}.${int(0, 9)}.${int(0, 9999)}`,
      publisher: pick([
        "Microsoft Corporation",
        "Google LLC",
        "Adobe Inc.",
        "Mozilla",
        "Cisco Systems, Inc.",
      ]),
    })),
  );
  const [{ min, max }] = (await db.execute(sql`select min(id)::int as min, max(id)::int as max from devices`))
    .rows;
  for (let from = min; from <= max; from += 5000) {
    await db.execute(sql`
    insert into device_inventories (device_id, inventory)
    select d.id, jsonb_build_object(
      'hostname', d.hostname,
      'os', jsonb_build_object('family', d.os_family, 'name', d.os_name, 'version', d.os_version, 'arch', 'x64'),
      'cpu', jsonb_build_object('model', 'Intel Core i7-12700', 'cores', 8, 'logicalCores', 16, 'speedGhz', 2.1),
      'memory', jsonb_build_object('totalBytes', d.total_memory_bytes),
      'disks', jsonb_build_array(jsonb_build_object('device', '/dev/nvme0n1', 'sizeBytes', 512 * 1073741824::bigint)),
      'volumes', jsonb_build_array(jsonb_build_object('mount', '/', 'fsType', 'ext4', 'sizeBytes', 512 * 1073741824::bigint,
        'freeBytes', (512 * 1073741824::bigint * d.min_free_disk_percent / 100)::bigint)),
      'network', jsonb_build_array(jsonb_build_object('name', 'eth0', 'mac', '02:00:00:00:00:01', 'up', true,
        'ipv4', to_jsonb(string_to_array(d.ip_addresses, ' ')), 'ipv6', '[]'::jsonb)),
      'uptimeSeconds', 86400, 'lastBootAt', '2025-01-01T00:00:00Z', 'loggedInUsers', '[]'::jsonb,
      'software', (select coalesce(jsonb_agg(s.value), '[]'::jsonb) from (
        select value from jsonb_array_elements(${catalog}::jsonb) with ordinality e(value, n)
        where n > d.id % 20 limit d.software_count) s),
      'pendingReboot', d.pending_reboot, 'agentVersion', d.agent_version)
    from devices d where d.id between ${from} and ${from + 4999}`);
  }

  // Custom fields: department (drop-down, device or location level), contract tier (organization
  // level, some locations override), asset tag (device level).
  const field = async (name, label, type, options = {}) =>
    (
      await db.insert(schema.customFields).values({ scope: "GLOBAL", name, label, type, options }).returning()
    )[0].id;
  const department = await field("department", "Department", "DROPDOWN", { choices: departments });
  const tier = await field("contractTier", "Contract tier", "TEXT");
  const assetTag = await field("assetTag", "Asset tag", "TEXT");
  const value = (fieldId, level, text) => ({
    fieldId,
    ...level,
    value: text,
    valueText: text,
    valueNum: null,
  });
  const values = [];
  for (const org of orgRows)
    values.push(value(tier, { organizationId: org.id }, pick(["Gold", "Silver", "Bronze"])));
  for (const p of places) {
    if (rand() < 0.15) values.push(value(tier, { locationId: p.locationId }, "Platinum"));
    if (rand() < 0.3) values.push(value(department, { locationId: p.locationId }, pick(departments)));
  }
  await db.insert(schema.customFieldValues).values(values);
  for (let from = min; from <= max; from += 5000) {
    const rows = [];
    for (let id = from; id < Math.min(max + 1, from + 5000); id++) {
      if (rand() < 0.6) rows.push(value(department, { deviceId: id }, pick(departments)));
      if (rand() < 0.8) rows.push(value(assetTag, { deviceId: id }, `AT-${String(id).padStart(7, "0")}`));
    }
    for (let i = 0; i < rows.length; i += 2000)
      await db.insert(schema.customFieldValues).values(rows.slice(i, i + 2000));
  }

  // Values were written directly above: compute every device's effective values once, as the
  // console does after each change.
  await refreshFieldValues(db, { all: true });
  await db.execute(sql.raw(process.env.BENCH_VACUUM === "1" ? "VACUUM ANALYZE" : "ANALYZE"));
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const sizes = (
    await db.execute(sql`select pg_size_pretty(pg_total_relation_size('devices')) as devices,
    pg_size_pretty(pg_total_relation_size('device_inventories')) as inventories,
    pg_size_pretty(pg_total_relation_size('custom_field_values')) as values,
    (select count(*) from custom_field_values)::int as value_rows`)
  ).rows[0];
  log(
    `seeded in ${seconds} s: devices ${sizes.devices}, inventories ${sizes.inventories}, ${sizes.value_rows} custom-field values (${sizes.values})`,
  );
}

// --- the scenarios ---------------------------------------------------------------------------
const service = createDevicesService({ db, dbKind: database.kind });
// The target scenarios run as a caller who sees every organization; the scoped ones as a
// technician limited to ten organizations (the scope is an organization list on the grid query).
const tenOrganizations = scopeOfOrganizations(
  (await db.execute(sql`select id from organizations order by id limit 10`)).rows.map((r) => Number(r.id)),
);
const searches = [
  "desktop-1",
  "srv",
  "ubuntu",
  "10.12.",
  "macbook-air",
  "reception",
  "203.0.7.",
  "k8s-node-2",
];
const scenarios = [
  ["status filter (DOWN, by name, page 1–20)", (i) => ({ status: "DOWN", page: String((i % 20) + 1) })],
  ["free-text search (host, IP, OS)", (i) => ({ search: searches[i % searches.length] })],
  [
    "custom-field filter (department = …)",
    (i) => ({ cf: `${department}:eq:${departments[i % departments.length]}` }),
  ],
  [
    "sorted by name (all devices, page 1–200)",
    (i) => ({ sort: i % 2 ? "-name" : "name", page: String((i % 200) + 1) }),
  ],
];
const extras = [
  [
    "status + custom field + tag",
    (i) => ({
      status: "UP",
      cf: `${tier}:eq:${["Gold", "Silver", "Platinum"][i % 3]}`,
      tags: tagPool[i % tagPool.length],
    }),
  ],
  ["built-in WARNING", () => ({ builtIn: "WARNING" })],
  ["sorted by organization", (i) => ({ sort: "organization", page: String((i % 50) + 1) })],
  [
    "sorted by health, worst first (page 1–20)",
    (i) => ({ sort: i % 2 ? "-health" : "health", page: String((i % 20) + 1) }),
  ],
  [
    "10-organization technician, by name",
    (i) => ({ sort: i % 2 ? "-name" : "name", page: String((i % 5) + 1) }),
    tenOrganizations,
  ],
  [
    "10-organization technician, free text",
    (i) => ({ search: searches[i % searches.length] }),
    tenOrganizations,
  ],
];

if (process.env.BENCH_EXPLAIN === "1") {
  // The plans behind the figures: the page query and the count, for one query of each scenario.
  const { criteriaFromQuery } = await dist("modules/devices/devices.manage.js");
  const { count } = await import("drizzle-orm");
  for (const [label, query, scope = systemScope] of [...scenarios, ...extras]) {
    const q = listDevicesQuery.parse(query(3));
    const where = await service.whereOf(criteriaFromQuery(q));
    // The grid's own choice: one pass (page with total) for scanning filters, else page + count.
    const oneQuery = Boolean(q.search);
    const offset = (q.page - 1) * q.pageSize;
    const page = oneQuery
      ? service.grid.pageWithTotalQuery(scope, where, q.sort, q.pageSize, offset).toSQL()
      : service.grid.page(scope, where, q.sort, q.pageSize, offset).toSQL();
    const total = db.select({ n: count() }).from(schema.devices).where(withinScope(scope, where)).toSQL();
    for (const [kind, built] of oneQuery
      ? [["page with total", page]]
      : [
          ["page", page],
          ["count", total],
        ]) {
      const text = built.sql.replace(/\$(\d+)/g, (_, n) => `$${n}`);
      const plan =
        database.kind === "pglite"
          ? (await database.db.$client.query(`explain analyze ${text}`, built.params)).rows
          : (await database.db.$client.query(`explain analyze ${text}`, built.params)).rows;
      process.stdout.write(`\n== ${label} (${kind})\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}\n`);
    }
  }
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
const results = [];
for (const [label, query, scope = systemScope] of [...scenarios, ...extras]) {
  const times = [];
  const cpu = [];
  let total = 0;
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const q = listDevicesQuery.parse(query(i));
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const page = await service.list(scope, q);
    const ms = performance.now() - t0;
    const used = process.cpuUsage(c0);
    if (i >= WARMUP) {
      times.push(ms);
      cpu.push((used.user + used.system) / 1000);
    }
    total = page.total;
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  results.push({
    label,
    p50: pct(times, 50),
    p95: pct(times, 95),
    cpu50: pct(cpu, 50),
    cpu95: pct(cpu, 95),
    total,
  });
}

const pad = (s, n) => String(s).padEnd(n);
process.stdout.write(
  `\nDevice grid on ${database.kind}, ${DEVICES.toLocaleString("en")} devices, ${RUNS} runs each (page of 50 + total)\n`,
);
const inProcess = database.kind === "pglite";
const cpuHead = inProcess ? `${pad("cpu p50", 10)}${pad("cpu p95", 10)}` : "";
process.stdout.write(
  `${pad("scenario", 44)}${pad("p50 ms", 10)}${pad("p95 ms", 10)}${cpuHead}matches (last run)\n`,
);
results.forEach((r, i) => {
  if (i === scenarios.length) process.stdout.write("-- beyond the target list --\n");
  const cpuCols = inProcess ? `${pad(r.cpu50.toFixed(1), 10)}${pad(r.cpu95.toFixed(1), 10)}` : "";
  process.stdout.write(
    `${pad(r.label, 44)}${pad(r.p50.toFixed(1), 10)}${pad(r.p95.toFixed(1), 10)}${cpuCols}${r.total}\n`,
  );
});
const os = await import("node:os");
process.stdout.write(
  `load average (1 min) at the end: ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores\n`,
);
const worst = Math.max(...results.slice(0, scenarios.length).map((r) => r.p95));
process.stdout.write(
  `target p95 < 150 ms: ${worst < 150 ? "met" : "NOT met"} (worst ${worst.toFixed(1)} ms)\n`,
);

await database.close();
await dropDatabase();
