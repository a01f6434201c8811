import { useMutation } from "@tanstack/react-query";
import type { BackupDemoRequest } from "@steward/contracts";
import { api } from "../../api";

export const promotionKeys = { all: ["promotion"] as const };

/** POST /api/division/promotion/BackupDemoRequest */
export function useBackupDemoRequest() {
  return useMutation({
    mutationFn: (body: BackupDemoRequest) => api.post<unknown>("/division/promotion/BackupDemoRequest", body),
  });
}
