import type { Translate } from "../../../i18n";

/** "3 days 4 h", "5 h 12 min", "8 min": how long a device has been up, in the reader's language. */
export function formatUptime(seconds: number | undefined, t: Translate): string {
  if (seconds === undefined || !Number.isFinite(seconds) || seconds < 0) return "—";
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days > 0) return t("devices.uptime.days", { days, hours });
  if (hours > 0) return t("devices.uptime.hours", { hours, minutes });
  return t("devices.uptime.minutes", { minutes });
}

/** Free space of a volume in percent (0 when its size is unknown). */
export function freePercent(volume: { sizeBytes: number; freeBytes: number }): number {
  return volume.sizeBytes > 0 ? (volume.freeBytes / volume.sizeBytes) * 100 : 0;
}
