/** Fixed units and integer limits. */
export const SECONDS_PER_DAY = 86400;
export const MINUTES_PER_DAY = 1440;
export const BYTES_PER_KB = 1024;
export const BYTES_PER_MB = 1048576;
export const BYTES_PER_GB = 1073741824;
export const BYTES_PER_GB_BASE10 = 1e9;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
export const MIN_LAYOUT_WIDTH_PX = 1024;

const SIZE_UNITS = ["Bytes", "KB", "MB", "GB", "TB", "PB", "EB", "ZB", "YB"] as const;

/** Formats a byte count from Bytes up to YB, base 1024, default 2 decimals. */
export function formatBytes(bytes: number, decimals = 2): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return "0 Bytes";
  const i = Math.min(Math.floor(Math.log(bytes) / Math.log(1024)), SIZE_UNITS.length - 1);
  const value = bytes / 1024 ** i;
  return `${parseFloat(value.toFixed(Math.max(0, decimals)))} ${SIZE_UNITS[i]}`;
}
