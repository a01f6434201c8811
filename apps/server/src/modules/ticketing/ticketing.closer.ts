import type { TicketsService } from "./ticketing.service.js";

/** How often resolved tickets are looked at for closing. */
const CLOSE_CHECK_MS = 5 * 60_000;

/**
 * Closes resolved tickets whose delay has passed, now and every few minutes, until stopped. A
 * failed round is logged and the next one tries again.
 */
export function startTicketCloser(
  tickets: TicketsService,
  options: { intervalMs?: number; logger?: { error: (obj: unknown, msg: string) => void } } = {},
): { stop: () => void } {
  const run = () =>
    tickets
      .closeDue()
      .catch((error: unknown) => options.logger?.error({ err: error }, "closing resolved tickets failed"));
  void run();
  const timer = setInterval(() => void run(), options.intervalMs ?? CLOSE_CHECK_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
