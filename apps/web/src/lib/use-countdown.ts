import { useEffect, useState } from "react";

function secondsUntil(deadline: number | null): number {
  return deadline === null ? 0 : Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Seconds left until `deadline` (epoch ms), ticking every second; 0 once passed or when null. */
export function useCountdown(deadline: number | null): number {
  const [state, setState] = useState(() => ({ deadline, left: secondsUntil(deadline) }));
  // A new deadline restarts the count at once (adjusting state while rendering, not in an effect).
  if (state.deadline !== deadline) setState({ deadline, left: secondsUntil(deadline) });

  useEffect(() => {
    if (deadline === null) return;
    const timer = window.setInterval(() => {
      const left = secondsUntil(deadline);
      setState({ deadline, left });
      if (left <= 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [deadline]);

  return state.deadline === deadline ? state.left : secondsUntil(deadline);
}
