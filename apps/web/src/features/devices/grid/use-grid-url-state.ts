import { useMemo } from "react";
import { useSearchParams } from "react-router";
import { gridStateToParams, parseGridState, type GridState } from "./grid-state";

/** The grid's state lives in the page URL: links, reloads and the back button keep it. */
export function useGridUrlState(
  fixed?: (state: GridState) => GridState,
): [GridState, (next: GridState) => void] {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => {
    const parsed = parseGridState(new URLSearchParams(key));
    return fixed ? fixed(parsed) : parsed;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the URL text is the state
  }, [key]);
  const setState = (next: GridState) => setParams(gridStateToParams(next), { replace: true });
  return [state, setState];
}
