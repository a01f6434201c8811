// Dates, times and numbers follow the reader's language, time zone and date format (see i18n).
export { formatDate, formatDateTime, formatTime, formatNumber, formatBytes } from "../i18n";

/** "4 min 05 s", "45 s": a human duration for countdowns and lockouts (units read the same in every shipped language). */
export function formatRelativeSeconds(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const seconds = s % 60;
  if (hours > 0) return `${hours} h ${String(minutes).padStart(2, "0")} min`;
  if (minutes > 0) return `${minutes} min ${String(seconds).padStart(2, "0")} s`;
  return `${seconds} s`;
}
