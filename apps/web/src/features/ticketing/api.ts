import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { technicianList } from "@steward/contracts";
import type {
  AddTicketCommentRequest,
  BoardTicketsQuery,
  CreateTicketRequest,
  OrganizationList,
  SaveTicketValueRequest,
  Ticket,
  TicketBoard,
  TicketBoardList,
  TicketDetail,
  TicketingSettings,
  TicketPage,
  TicketValue,
  TicketValueKind,
  TicketValueList,
  UpdateTicketRequest,
} from "@steward/contracts";
import { api } from "../../api";

type TechnicianList = z.infer<typeof technicianList>;

export const ticketingKeys = {
  all: ["ticketing"] as const,
  boards: () => [...ticketingKeys.all, "boards"] as const,
  board: (id: number) => [...ticketingKeys.all, "board", id] as const,
  tickets: (boardId: number, query: BoardTicketsQuery) =>
    [...ticketingKeys.all, "tickets", boardId, query] as const,
  ticket: (id: number) => [...ticketingKeys.all, "ticket", id] as const,
  values: () => [...ticketingKeys.all, "values"] as const,
  settings: () => [...ticketingKeys.all, "settings"] as const,
  choices: () => [...ticketingKeys.all, "choices"] as const,
};

export function useBoards() {
  return useQuery({
    queryKey: ticketingKeys.boards(),
    queryFn: ({ signal }) => api.get<TicketBoardList>("/ticketing/boards", { signal }),
  });
}

export function useBoard(id: number) {
  return useQuery({
    queryKey: ticketingKeys.board(id),
    queryFn: ({ signal }) => api.get<TicketBoard>(`/ticketing/boards/${id}`, { signal }),
  });
}

/** One page of a board's tickets; the previous page stays shown while the next one loads. */
export function useBoardTickets(boardId: number, query: BoardTicketsQuery) {
  return useQuery({
    queryKey: ticketingKeys.tickets(boardId, query),
    queryFn: ({ signal }) =>
      api.get<TicketPage>(`/ticketing/boards/${boardId}/tickets`, {
        signal,
        query: query as Record<string, string | number | undefined>,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTicket(id: number) {
  return useQuery({
    queryKey: ticketingKeys.ticket(id),
    queryFn: ({ signal }) => api.get<TicketDetail>(`/ticketing/tickets/${id}`, { signal }),
  });
}

/** Every setup value, grouped by list. */
export function useTicketValues() {
  return useQuery({
    queryKey: ticketingKeys.values(),
    queryFn: ({ signal }) => api.get<TicketValueList>("/ticketing/values", { signal }),
    select: (data) => {
      const byKind: Partial<Record<TicketValueKind, TicketValue[]>> = {};
      for (const v of data.items) (byKind[v.kind] ??= []).push(v);
      return byKind;
    },
  });
}

/** The organizations and technicians a ticket can name (technicians only when the caller may list them). */
export function useTicketChoices(withTechnicians: boolean) {
  return useQuery({
    queryKey: [...ticketingKeys.choices(), withTechnicians] as const,
    queryFn: async ({ signal }) => {
      const [orgs, technicians] = await Promise.all([
        api.get<OrganizationList>("/organizations", { signal, query: { pageSize: 500 } }),
        withTechnicians
          ? api.get<TechnicianList>("/technicians", { signal })
          : Promise.resolve({ items: [] }),
      ]);
      return {
        organizations: orgs.items.map((o) => ({ value: String(o.id), label: o.name })),
        technicians: technicians.items.map((u) => ({
          value: String(u.id),
          label: `${u.firstName} ${u.lastName}`.trim() || u.email,
        })),
      };
    },
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketingKeys.all });
}

export function useCreateTicket() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: CreateTicketRequest) => api.post<Ticket>("/ticketing/tickets", body),
    onSuccess: invalidate,
  });
}

export function useUpdateTicket(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: UpdateTicketRequest) => api.patch<Ticket>(`/ticketing/tickets/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useAddComment(id: number) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AddTicketCommentRequest) =>
      api.post<TicketDetail>(`/ticketing/tickets/${id}/comments`, body),
    onSuccess: invalidate,
  });
}

export function useSaveTicketValue() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: SaveTicketValueRequest }) =>
      id === null
        ? api.post<TicketValue>("/ticketing/values", body)
        : api.put<TicketValue>(`/ticketing/values/${id}`, body),
    onSuccess: invalidate,
  });
}

export function useDeleteTicketValue() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/ticketing/values/${id}`),
    onSuccess: invalidate,
  });
}

export function useTicketingSettings() {
  return useQuery({
    queryKey: ticketingKeys.settings(),
    queryFn: ({ signal }) => api.get<TicketingSettings>("/ticketing/settings", { signal }),
  });
}

export function useSaveTicketingSettings() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: TicketingSettings) => api.put<TicketingSettings>("/ticketing/settings", body),
    onSuccess: invalidate,
  });
}
