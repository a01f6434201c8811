import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ErrorState, LoadingState } from "./states";

interface QueryViewProps<T> {
  query: UseQueryResult<T>;
  /** Error title, e.g. "Could not load organizations". */
  errorTitle: string;
  loadingLabel?: string;
  children: (data: T) => ReactNode;
}

/** Loading, error (with retry) and data states of one query. */
export function QueryView<T>({ query, errorTitle, loadingLabel, children }: QueryViewProps<T>) {
  if (query.isPending) return <LoadingState {...(loadingLabel ? { label: loadingLabel } : {})} />;
  if (query.isError)
    return <ErrorState title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  return <>{children(query.data)}</>;
}
