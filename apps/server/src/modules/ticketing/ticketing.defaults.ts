import { sql } from "drizzle-orm";
import type { TicketBoardColumn, TicketStateType, TicketValueKind } from "@steward/contracts";
import type { Db } from "../../platform/db/database.js";
import { ticketingBoards, ticketingSettings, ticketingValues } from "./ticketing.tables.js";

/** The id of the board every installation has ("All tickets"); it cannot be deleted. */
export const DEFAULT_BOARD_ID = 1;
export const DEFAULT_BOARD_NAME = "All tickets";
export const DEFAULT_BOARD_COLUMNS: TicketBoardColumn[] = [
  "id",
  "subject",
  "status",
  "priority",
  "organization",
  "assignee",
  "updatedAt",
];
/** Hours a RESOLVED ticket stays resolved before it closes, unless configured otherwise. */
export const DEFAULT_CLOSE_AFTER_HOURS = 72;

/** The built-in status of each state type has the state's position as its id (NEW is 1). */
export const builtInStatusId = (state: TicketStateType) =>
  (["NEW", "OPEN", "WAITING", "PAUSED", "RESOLVED", "CLOSED"] as const).indexOf(state) + 1;

const builtIns: { id: number; kind: TicketValueKind; name: string; stateType?: TicketStateType }[] = [
  { id: 1, kind: "STATUS", name: "New", stateType: "NEW" },
  { id: 2, kind: "STATUS", name: "Open", stateType: "OPEN" },
  { id: 3, kind: "STATUS", name: "Waiting", stateType: "WAITING" },
  { id: 4, kind: "STATUS", name: "Paused", stateType: "PAUSED" },
  { id: 5, kind: "STATUS", name: "Resolved", stateType: "RESOLVED" },
  { id: 6, kind: "STATUS", name: "Closed", stateType: "CLOSED" },
  { id: 11, kind: "PRIORITY", name: "Low" },
  { id: 12, kind: "PRIORITY", name: "Medium" },
  { id: 13, kind: "PRIORITY", name: "High" },
  { id: 14, kind: "PRIORITY", name: "Urgent" },
  { id: 21, kind: "SEVERITY", name: "Minor" },
  { id: 22, kind: "SEVERITY", name: "Moderate" },
  { id: 23, kind: "SEVERITY", name: "Major" },
  { id: 24, kind: "SEVERITY", name: "Critical" },
  { id: 31, kind: "IMPACT", name: "Low" },
  { id: 32, kind: "IMPACT", name: "Medium" },
  { id: 33, kind: "IMPACT", name: "High" },
  { id: 41, kind: "TYPE", name: "Problem" },
  { id: 42, kind: "TYPE", name: "Question" },
  { id: 43, kind: "TYPE", name: "Incident" },
  { id: 44, kind: "TYPE", name: "Task" },
];

/**
 * Puts the built-in rows in place when they are missing: the statuses and starting values of
 * each list, the settings row and board 1. Safe to run any number of times, also concurrently.
 */
export async function ensureTicketingDefaults(db: Db): Promise<void> {
  await db
    .insert(ticketingValues)
    .values(
      builtIns.map((v, i) => ({
        id: v.id,
        kind: v.kind,
        name: v.name,
        stateType: v.stateType ?? null,
        builtIn: v.kind === "STATUS",
        position: i,
      })),
    )
    .onConflictDoNothing();
  await db
    .insert(ticketingSettings)
    .values({ id: 1, closeResolvedAfterHours: DEFAULT_CLOSE_AFTER_HOURS })
    .onConflictDoNothing();
  await db
    .insert(ticketingBoards)
    .values({
      id: DEFAULT_BOARD_ID,
      name: DEFAULT_BOARD_NAME,
      builtIn: true,
      filters: sql`'{}'::jsonb`,
      columns: DEFAULT_BOARD_COLUMNS,
      sortField: "id",
      sortDirection: "DESC",
    })
    .onConflictDoNothing();
}
