import type { TicketBoard, TicketDetail, TicketPage, TicketRow, TicketValueList } from "@steward/contracts";

/** Test data shaped as the server answers it. */
export const board: TicketBoard = {
  id: 1,
  name: "All tickets",
  builtIn: true,
  filters: {
    stateTypes: [],
    statusIds: [],
    priorityIds: [],
    severityIds: [],
    typeIds: [],
    serviceBoardIds: [],
    organizationIds: [],
    assigneeIds: [],
    unassigned: false,
    tags: [],
  },
  columns: ["id", "subject", "status", "priority", "organization", "assignee", "updatedAt"],
  sortField: "id",
  sortDirection: "DESC",
  count: 2,
};

export function row(id: number, subject: string, overrides: Partial<TicketRow> = {}): TicketRow {
  return {
    id,
    subject,
    status: { id: 1, name: "New", stateType: "NEW", builtIn: true },
    priority: { id: 13, name: "High" },
    severity: null,
    impact: null,
    type: null,
    serviceBoard: null,
    tags: [],
    requesterName: "",
    requesterEmail: "",
    assignee: null,
    cc: [],
    organization: { id: 5, name: "Acme" },
    location: null,
    device: null,
    source: "TECHNICIAN",
    createdAt: "2026-01-05T10:00:00.000Z",
    updatedAt: "2026-01-05T10:00:00.000Z",
    resolvedAt: null,
    closedAt: null,
    ...overrides,
  };
}

export const page = (items: TicketRow[], total = items.length): TicketPage => ({
  items,
  total,
  page: 1,
  pageSize: 50,
});

export const values: TicketValueList = {
  items: [
    { id: 1, kind: "STATUS", name: "New", stateType: "NEW", builtIn: true, position: 0 },
    { id: 2, kind: "STATUS", name: "Open", stateType: "OPEN", builtIn: true, position: 1 },
    { id: 5, kind: "STATUS", name: "Resolved", stateType: "RESOLVED", builtIn: true, position: 4 },
    { id: 13, kind: "PRIORITY", name: "High", stateType: null, builtIn: false, position: 8 },
  ],
};

export const detail = (overrides: Partial<TicketDetail> = {}): TicketDetail => ({
  ticket: { ...row(7, "Printer jams"), descriptionHtml: "<p>Paper <b>stuck</b></p>" },
  comments: [
    {
      id: 1,
      bodyHtml: "<p>Looking into it</p>",
      public: true,
      author: { id: 1, name: "Ada Admin" },
      createdAt: "2026-01-05T11:00:00.000Z",
    },
  ],
  history: [
    {
      id: 1,
      field: "created",
      oldValue: null,
      newValue: "New",
      user: { id: 1, name: "Ada Admin" },
      createdAt: "2026-01-05T10:00:00.000Z",
    },
    {
      id: 2,
      field: "priority",
      oldValue: null,
      newValue: "High",
      user: { id: 1, name: "Ada Admin" },
      createdAt: "2026-01-05T10:05:00.000Z",
    },
  ],
  ...overrides,
});
