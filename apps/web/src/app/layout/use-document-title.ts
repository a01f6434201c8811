import { useEffect } from "react";

export const APP_NAME = "Steward";

/** "Organizations · Steward" */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
