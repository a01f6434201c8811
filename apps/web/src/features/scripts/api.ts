import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  SaveScriptRequest,
  ScriptDetail,
  ScriptList,
  ScriptTemplate,
  ScriptTemplateSummary,
} from "@steward/contracts";
import { api } from "../../api";

export const scriptKeys = {
  all: ["scripts"] as const,
  lists: () => [...scriptKeys.all, "list"] as const,
  list: (query: ScriptListQuery) => [...scriptKeys.lists(), query] as const,
  detail: (id: number) => [...scriptKeys.all, "detail", id] as const,
  templates: (query: TemplateQuery) => [...scriptKeys.all, "templates", query] as const,
  template: (id: string) => [...scriptKeys.all, "template", id] as const,
};

export interface ScriptListQuery {
  page: number;
  pageSize: number;
  search?: string;
  language?: string;
  os?: string;
  runnableOn?: "WINDOWS" | "MAC" | "LINUX";
}

export interface TemplateQuery {
  search?: string | undefined;
  os?: string | undefined;
  language?: string | undefined;
  category?: string | undefined;
}

export function useScripts(query: ScriptListQuery) {
  return useQuery({
    queryKey: scriptKeys.list(query),
    queryFn: ({ signal }) =>
      api.get<ScriptList>("/scripts", {
        signal,
        query: {
          page: query.page,
          pageSize: query.pageSize,
          search: query.search,
          language: query.language,
          os: query.os,
          runnableOn: query.runnableOn,
        },
      }),
    placeholderData: keepPreviousData,
  });
}

export function useScript(id: number | null) {
  return useQuery({
    queryKey: scriptKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<ScriptDetail>(`/scripts/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useSaveScript(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveScriptRequest) =>
      id === null ? api.post<ScriptDetail>("/scripts", body) : api.put<ScriptDetail>(`/scripts/${id}`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(scriptKeys.detail(saved.id), saved);
      return queryClient.invalidateQueries({ queryKey: scriptKeys.lists() });
    },
  });
}

export function useDeleteScript() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/scripts/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptKeys.lists() }),
  });
}

export function useScriptTemplates(query: TemplateQuery = {}) {
  return useQuery({
    queryKey: scriptKeys.templates(query),
    queryFn: ({ signal }) =>
      api.get<{ items: ScriptTemplateSummary[] }>("/script-templates", { signal, query: { ...query } }),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

export function useScriptTemplate(id: string | null) {
  return useQuery({
    queryKey: scriptKeys.template(id ?? ""),
    queryFn: ({ signal }) =>
      api.get<ScriptTemplate>(`/script-templates/${encodeURIComponent(id ?? "")}`, { signal }),
    enabled: id !== null,
    staleTime: 5 * 60_000,
  });
}

export function useCopyTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name?: string }) =>
      api.post<ScriptDetail>(`/script-templates/${encodeURIComponent(id)}/copy`, name ? { name } : {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: scriptKeys.lists() }),
  });
}
