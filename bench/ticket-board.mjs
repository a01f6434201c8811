// Ticket board benchmark (`npm run bench:tickets`): seeds N tickets (default 100,000; pass
// 1000000 as the first argument for a million) with varied subjects, descriptions, statuses,
// priorities, organizations and assignees into a throwaway database, then runs the board query
// code the server uses (GET /api/ticketing/boards/:id/tickets: one page of 50 and the count) many
// times per scenario and prints p50/p95 for:
//   - the default board (board 1, All tickets), newest first
//   - a filtered board (open and waiting tickets of high or urgent priority in 20 organizations)
//   - full-text search (two words of the descriptions) on the default board
//   - the default board for a technician limited to 10 organizations
// Database: embedded PGlite in memory by default; DATABASE_URL=postgres://… creates a throwaway
// database on that server (steward_bench_<pid>) and drops it at the end. BENCH_RUNS (default 40)
// changes the number of runs per scenario.
import path from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { build, ensureInstalled, log, root } from "../scripts/prepare.mjs";

const TICKETS = Number(process.argv[2] ?? process.env.BENCH_TICKETS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const WARMUP = 3;
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
// The ticketing services on their own (the server builds them in its composition root, services.ts).
const { TicketingRepository, createTicketsService, createTicketingSetupService } = await dist(
  "modules/ticketing/index.js",
);
const { systemScope, scopeOfOrganizations } = await dist("platform/identity/index.js");
const { boardTicketsQuery, saveTicketBoardRequest } = await import("@steward/contracts");
const { sql } = await import("drizzle-orm");

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
  database = await openDatabase({});
}
await database.migrate();
const db = database.db;
const repo = new TicketingRepository(db);
const tickets = createTicketsService({ repo });
const setup = createTicketingSetupService({ repo, tickets });
await tickets.ready();

// --- seed -------------------------------------------------------------------------------------
const started = Date.now();
await db.execute(sql`
  insert into organizations (name)
  select 'Bench organization ' || g from generate_series(1, ${ORGANIZATIONS}) g`);
await db.execute(sql`
  insert into users (email, first_name, last_name, status)
  select 'tech' || g || '@bench.test', 'Tech', 'Number ' || g, 'ACTIVE' from generate_series(1, 20) g`);
const words = [
  "printer",
  "laptop",
  "outlook",
  "password",
  "vpn",
  "backup",
  "disk",
  "memory",
  "network",
  "wifi",
  "license",
  "monitor",
  "keyboard",
  "update",
  "server",
  "firewall",
  "scanner",
  "phone",
  "email",
  "invoice",
  "thermal",
  "toner",
  "camera",
  "router",
  "switch",
  "battery",
  "docking",
  "teams",
  "sharepoint",
  "login",
];
const pickWord = (offset) =>
  sql.raw(`(array[${words.map((w) => `'${w}'`).join(",")}])[1 + ((g * ${offset}) % ${words.length})]`);
const BATCH = 50_000;
for (let from = 1; from <= TICKETS; from += BATCH) {
  const to = Math.min(TICKETS, from + BATCH - 1);
  await db.execute(sql`
    insert into tickets (organization_id, subject, description_html, description_text, status_id,
      priority_id, severity_id, type_id, assignee_user_id, tags, source, created_at, updated_at)
    select
      (select min(id) from organizations) + ((g::bigint * 7919) % ${ORGANIZATIONS})::int,
      initcap(${pickWord(13)}) || ' ' || ${pickWord(7)} || ' problem ' || g,
      '<p>' || ${pickWord(17)} || ' ' || ${pickWord(23)} || ' ' || ${pickWord(29)} || '</p>',
      ${pickWord(17)} || ' ' || ${pickWord(23)} || ' ' || ${pickWord(29)} || ' after the ' || ${pickWord(31)},
      1 + (g * 31) % 6,
      11 + (g * 11) % 4,
      case when g % 3 = 0 then null else 21 + (g * 5) % 4 end,
      41 + (g * 3) % 4,
      case when g % 4 = 0 then null else (select min(id) from users where email like '%@bench.test') + g % 20 end,
      case when g % 10 = 0 then array['vip'] else '{}'::text[] end,
      'TECHNICIAN',
      now() - make_interval(mins => ${TICKETS} - g),
      now() - make_interval(mins => ${TICKETS} - g)
    from generate_series(${from}::int, ${to}::int) g`);
  log(`seeded ${to.toLocaleString("en")} tickets`);
}
await db.execute(sql`analyze`);
log(`seeded ${TICKETS.toLocaleString("en")} tickets in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const orgIds = (await db.execute(sql`select id from organizations order by id`)).rows.map((r) => r.id);
const filtered = await setup.createBoard(
  saveTicketBoardRequest.parse({
    name: "Urgent open work",
    filters: { stateTypes: ["OPEN", "WAITING"], priorityIds: [13, 14], organizationIds: orgIds.slice(0, 20) },
    sortField: "updatedAt",
    sortDirection: "DESC",
  }),
  null,
  null,
);

// --- measure ----------------------------------------------------------------------------------
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
async function time(name, boardId, query, scope = systemScope) {
  const parsed = boardTicketsQuery.parse(query);
  let total = 0;
  const ms = [];
  for (let i = 0; i < WARMUP + RUNS; i++) {
    const page = { ...parsed, page: 1 + (i % 5) };
    const t0 = performance.now();
    const answer = await setup.boardTickets(boardId, page, scope);
    const elapsed = performance.now() - t0;
    total = answer.total;
    if (i >= WARMUP) ms.push(elapsed);
  }
  ms.sort((a, b) => a - b);
  return { name, total, p50: pct(ms, 50), p95: pct(ms, 95) };
}

const rows = [
  await time("default board (All tickets)", 1, {}),
  await time("filtered board", filtered.id, {}),
  await time("full-text search 'printer toner'", 1, { search: "printer toner" }),
  await time("full-text search 'thermal'", 1, { search: "thermal" }),
  await time("default board, 10 organizations", 1, {}, scopeOfOrganizations(orgIds.slice(0, 10))),
];

const kind = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
console.log(
  `\nTicket board, ${TICKETS.toLocaleString("en")} tickets on ${kind}, ${RUNS} runs each (page of 50 + count):`,
);
console.log("scenario".padEnd(40), "matches".padStart(10), "p50 ms".padStart(9), "p95 ms".padStart(9));
for (const r of rows)
  console.log(
    r.name.padEnd(40),
    r.total.toLocaleString("en").padStart(10),
    r.p50.toFixed(1).padStart(9),
    r.p95.toFixed(1).padStart(9),
  );

await database.close();
await dropDatabase();
