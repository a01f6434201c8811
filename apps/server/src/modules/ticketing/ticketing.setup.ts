import type { FastifyRequest } from "fastify";
import type { z } from "zod";
import { ticketBoardFilters } from "@steward/contracts";
import type {
  boardTicketsQuery,
  saveTicketBoardRequest,
  saveTicketingSettingsRequest,
  saveTicketValueRequest,
  TicketBoard,
  TicketBoardList,
  TicketingSettings,
  TicketPage,
  TicketValue,
  TicketValueKind,
  TicketValueList,
} from "@steward/contracts";
import { AppError } from "../../platform/errors/app-error.js";
import { audit, type Scope } from "../../platform/identity/index.js";
import { DEFAULT_BOARD_ID } from "./ticketing.defaults.js";
import { presentBoard, presentTicketRow, presentValue } from "./ticketing.presenter.js";
import type { TicketFilter, TicketingRepository } from "./ticketing.repository.js";
import type { TicketsService } from "./ticketing.service.js";

type SaveValue = z.output<typeof saveTicketValueRequest>;
type SaveBoard = z.output<typeof saveTicketBoardRequest>;
type BoardQuery = z.output<typeof boardTicketsQuery>;

const boardNotFound = () => new AppError("E_TICKET_BOARD_NOT_FOUND", 404);
const valueNotFound = () => new AppError("E_TICKET_VALUE_NOT_FOUND", 404);

/**
 * The setup value lists and settings administrators edit, and the boards: saved filters whose
 * tickets (within the caller's organizations) are read a page at a time.
 */
export function createTicketingSetupService(deps: { repo: TicketingRepository; tickets: TicketsService }) {
  const { repo } = deps;
  const ready = deps.tickets.ready;

  async function values(kind?: TicketValueKind): Promise<TicketValueList> {
    await ready();
    return { items: (await repo.values(kind)).map(presentValue) };
  }

  async function createValue(input: SaveValue, request: FastifyRequest | null): Promise<TicketValue> {
    await ready();
    const row = await repo.insertValue({
      kind: input.kind,
      name: input.name,
      stateType: input.kind === "STATUS" ? input.stateType : null,
      position: input.position,
    });
    await audit(repo.db, request, {
      action: "ticketing.value.create",
      targetType: "ticketing_value",
      targetId: row.id,
      data: { kind: row.kind, name: row.name },
    });
    return presentValue(row);
  }

  async function updateValue(
    id: number,
    input: SaveValue,
    request: FastifyRequest | null,
  ): Promise<TicketValue> {
    await ready();
    const before = await repo.value(id);
    if (!before || before.kind !== input.kind) throw valueNotFound();
    // A built-in status keeps the state it stands for; only its name and place change.
    const stateType = before.kind !== "STATUS" ? null : before.builtIn ? before.stateType : input.stateType;
    // A built-in status is shown by its state's name in each language, so its name stays.
    const name = before.kind === "STATUS" && before.builtIn ? before.name : input.name;
    const row = await repo.updateValue(id, { name, position: input.position, stateType });
    await audit(repo.db, request, {
      action: "ticketing.value.update",
      targetType: "ticketing_value",
      targetId: id,
      data: { kind: row.kind, name: row.name },
    });
    return presentValue(row);
  }

  async function removeValue(id: number, request: FastifyRequest | null): Promise<void> {
    await ready();
    const before = await repo.value(id);
    if (!before) throw valueNotFound();
    if (before.builtIn) throw new AppError("E_TICKET_VALUE_BUILT_IN", 409);
    if (await repo.valueInUse(id)) throw new AppError("E_TICKET_VALUE_IN_USE", 409);
    await repo.deleteValue(id);
    await audit(repo.db, request, {
      action: "ticketing.value.delete",
      targetType: "ticketing_value",
      targetId: id,
      data: { kind: before.kind, name: before.name },
    });
  }

  async function settings(): Promise<TicketingSettings> {
    await ready();
    const row = await repo.settings();
    return { closeResolvedAfterHours: row.closeResolvedAfterHours };
  }

  async function saveSettings(
    input: z.output<typeof saveTicketingSettingsRequest>,
    request: FastifyRequest | null,
  ): Promise<TicketingSettings> {
    await ready();
    await repo.saveSettings(input.closeResolvedAfterHours);
    await audit(repo.db, request, {
      action: "ticketing.settings.update",
      targetType: "ticketing_settings",
      data: { ...input },
    });
    return settings();
  }

  /** The ids of the statuses whose state every given list allows, or undefined when none narrows. */
  async function statusIdsOf(lists: (readonly string[])[]): Promise<number[] | undefined> {
    const narrowing = lists.filter((l) => l.length > 0);
    if (narrowing.length === 0) return undefined;
    const statuses = await repo.values("STATUS");
    return statuses
      .filter((s) => s.stateType !== null && narrowing.every((l) => l.includes(s.stateType!)))
      .map((s) => s.id);
  }

  async function filterOf(
    board: { filters: unknown },
    query: Partial<BoardQuery> = {},
  ): Promise<TicketFilter> {
    const filters = ticketBoardFilters.parse(board.filters ?? {});
    return {
      filters,
      organizationId: query.organizationId,
      deviceId: query.deviceId,
      statusId: query.statusId,
      priorityId: query.priorityId,
      stateStatusIds: await statusIdsOf([filters.stateTypes, query.stateType ? [query.stateType] : []]),
      search: query.search,
    };
  }

  async function boards(scope: Scope): Promise<TicketBoardList> {
    await ready();
    const rows = await repo.boards();
    const counts = await Promise.all(rows.map(async (b) => repo.count(scope, await filterOf(b))));
    return { items: rows.map((b, i) => presentBoard(b, counts[i]!)) };
  }

  async function boardRow(id: number) {
    await ready();
    const row = await repo.board(id);
    if (!row) throw boardNotFound();
    return row;
  }

  async function board(id: number, scope: Scope): Promise<TicketBoard> {
    const row = await boardRow(id);
    return presentBoard(row, await repo.count(scope, await filterOf(row)));
  }

  async function boardTickets(id: number, query: BoardQuery, scope: Scope): Promise<TicketPage> {
    const row = await boardRow(id);
    const filter = await filterOf(row, query);
    const sort = {
      field: query.sortField ?? (row.sortField as BoardQuery["sortField"] & string),
      direction: query.sortDirection ?? (row.sortDirection as "ASC" | "DESC"),
    };
    const [items, total] = await Promise.all([
      repo.page(scope, filter, sort, query.page, query.pageSize),
      repo.count(scope, filter),
    ]);
    return { items: items.map(presentTicketRow), total, page: query.page, pageSize: query.pageSize };
  }

  async function createBoard(input: SaveBoard, userId: number | null, request: FastifyRequest | null) {
    await ready();
    const row = await repo.insertBoard({ ...input, createdByUserId: userId });
    await audit(repo.db, request, {
      action: "ticketing.board.create",
      targetType: "ticketing_board",
      targetId: row.id,
      data: { name: row.name },
    });
    return presentBoard(row, 0);
  }

  async function updateBoard(id: number, input: SaveBoard, scope: Scope, request: FastifyRequest | null) {
    await boardRow(id);
    await repo.updateBoard(id, { ...input, updatedAt: new Date() });
    await audit(repo.db, request, {
      action: "ticketing.board.update",
      targetType: "ticketing_board",
      targetId: id,
      data: { name: input.name },
    });
    return board(id, scope);
  }

  async function removeBoard(id: number, request: FastifyRequest | null): Promise<void> {
    const row = await boardRow(id);
    if (row.builtIn || id === DEFAULT_BOARD_ID) throw new AppError("E_TICKET_BOARD_BUILT_IN", 409);
    await repo.deleteBoard(id);
    await audit(repo.db, request, {
      action: "ticketing.board.delete",
      targetType: "ticketing_board",
      targetId: id,
      data: { name: row.name },
    });
  }

  return {
    values,
    createValue,
    updateValue,
    removeValue,
    settings,
    saveSettings,
    boards,
    board,
    boardTickets,
    createBoard,
    updateBoard,
    removeBoard,
  };
}

export type TicketingSetupService = ReturnType<typeof createTicketingSetupService>;
