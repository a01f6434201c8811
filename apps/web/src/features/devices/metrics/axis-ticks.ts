import type uPlot from "uplot";
import { formatNumber, SIZE_UNITS, type LocaleSettings } from "../../../i18n";

/** Where a bytes-per-second axis draws its lines and how it writes them. */
export interface ByteRateTicks {
  /** Tick values in bytes per second, evenly spaced from 0 up to `top`. */
  values: number[];
  /** The axis's upper end: the last tick, at or above the highest value. */
  top: number;
  /** Index into SIZE_UNITS of the one unit every tick is written in. */
  unitIndex: number;
  /** Decimals each tick is written with: as many as the step between ticks has. */
  decimals: number;
}

/** Steps between ticks are 1, 2 or 5 times a power of ten in the axis's unit. */
const NICE_MULTIPLES = [1, 2, 5] as const;

/** Rounds away the binary fractions of decimal steps (0.1 × 3 is 0.3, not 0.30000000000000004). */
const roundTo = (value: number, decimals: number) => Number(value.toFixed(decimals));

/**
 * The ticks of a bytes-per-second axis whose highest value is `max`: the unit is the largest one
 * the highest value reaches (Bytes below 1 KB), the step the smallest of 1, 2 or 5 times a power
 * of ten that needs at most `intervals` steps. Every tick is written in that unit with the step's
 * decimals, so no two ticks read the same. No traffic at all gets an axis up to 1 byte.
 */
export function byteRateTicks(max: number, intervals = 4): ByteRateTicks {
  const highest = Number.isFinite(max) && max > 0 ? max : 1;
  let unitIndex = 0;
  while (unitIndex < SIZE_UNITS.length - 1 && highest >= 1024 ** (unitIndex + 1)) unitIndex++;
  const unit = 1024 ** unitIndex;
  const inUnit = highest / unit;
  const rough = inUnit / intervals;
  let exponent = Math.floor(Math.log10(rough));
  let multiple: number | undefined = NICE_MULTIPLES.find((m) => m * 10 ** exponent >= rough * (1 - 1e-9));
  if (multiple === undefined) {
    multiple = 1;
    exponent += 1;
  }
  const decimals = Math.max(0, -exponent);
  const step = roundTo(multiple * 10 ** exponent, decimals);
  const count = Math.max(1, Math.ceil(inUnit / step - 1e-9));
  const values = Array.from({ length: count + 1 }, (_, i) => roundTo(i * step, decimals) * unit);
  return { values, top: values[count]!, unitIndex, decimals };
}

/** The ticks' labels ("0 KB", "0.5 KB", "1.0 KB"), all in the ticks' unit, in the reader's number format. */
export function byteRateTickLabels(
  values: readonly number[],
  ticks: Pick<ByteRateTicks, "unitIndex" | "decimals">,
  settings?: LocaleSettings,
): string[] {
  const unit = 1024 ** ticks.unitIndex;
  return values.map((value) => {
    const digits = value === 0 ? 0 : ticks.decimals;
    const number = formatNumber(
      value / unit,
      { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false },
      settings,
    );
    return `${number} ${SIZE_UNITS[ticks.unitIndex]}`;
  });
}

/**
 * The y scale and axis of a bytes-per-second chart: the range ends at the last tick and the
 * ticks come from `byteRateTicks` of the data's highest value. `perSecond` adds the rate's
 * "/s" to a byte label.
 */
export function byteRateAxis(perSecond: (bytes: string) => string): {
  scale: uPlot.Scale;
  axis: Pick<uPlot.Axis, "splits" | "values">;
} {
  // uPlot asks for the range before it draws the axis: the ticks of the last range are the axis's.
  let ticks = byteRateTicks(1);
  return {
    scale: {
      range: (_u, _min, max) => {
        ticks = byteRateTicks(max);
        return [0, ticks.top];
      },
    },
    axis: {
      splits: () => ticks.values,
      values: (_u, splits) => byteRateTickLabels(splits, ticks).map(perSecond),
    },
  };
}
