import { describe, expect, it } from "vitest";
import type uPlot from "uplot";
import { getLocaleSettings, type LocaleSettings } from "../../../i18n";
import { byteRateAxis, byteRateTickLabels, byteRateTicks } from "./axis-ticks";

const english: LocaleSettings = { ...getLocaleSettings(), locale: "en" };
const german: LocaleSettings = { ...getLocaleSettings(), locale: "de" };

const labels = (max: number, settings = english) => {
  const ticks = byteRateTicks(max);
  return byteRateTickLabels(ticks.values, ticks, settings);
};

describe("the ticks of a network chart's axis", () => {
  it("writes small traffic in Bytes with a readable step instead of repeating 0 Bytes", () => {
    expect(labels(300)).toEqual(["0 Bytes", "100 Bytes", "200 Bytes", "300 Bytes"]);
    expect(labels(37)).toEqual(["0 Bytes", "10 Bytes", "20 Bytes", "30 Bytes", "40 Bytes"]);
    // Averages of a quiet interface are fractions of a byte: decimals keep the ticks apart.
    expect(labels(0.6)).toEqual(["0 Bytes", "0.2 Bytes", "0.4 Bytes", "0.6 Bytes"]);
  });

  it("draws an axis up to 1 byte when there is no traffic at all", () => {
    expect(labels(0)).toEqual(["0 Bytes", "0.5 Bytes", "1.0 Bytes"]);
    expect(labels(Number.NaN)).toEqual(labels(0));
  });

  it("picks the largest unit the highest value reaches and ends the axis on the first tick above it", () => {
    const kb = byteRateTicks(5000);
    expect(byteRateTickLabels(kb.values, kb, english)).toEqual(["0 KB", "2 KB", "4 KB", "6 KB"]);
    expect(kb.top).toBe(6 * 1024);
    expect(labels(1.5 * 1024 ** 2)).toEqual(["0 MB", "0.5 MB", "1.0 MB", "1.5 MB"]);
    expect(labels(1100)).toEqual(["0 KB", "0.5 KB", "1.0 KB", "1.5 KB"]);
    expect(labels(3.2 * 1024 ** 3)).toEqual(["0 GB", "1 GB", "2 GB", "3 GB", "4 GB"]);
  });

  it("writes the reader's decimal separator", () => {
    expect(labels(1.5 * 1024 ** 2, german)).toEqual(["0 MB", "0,5 MB", "1,0 MB", "1,5 MB"]);
  });

  it("for any highest value: 3 to 5 evenly spaced ticks from 0, the last at or above it, no two written alike", () => {
    for (let exponent = -2; exponent <= 13; exponent += 0.01) {
      const max = 10 ** exponent;
      const ticks = byteRateTicks(max);
      const { values } = ticks;
      expect(values[0]).toBe(0);
      expect(values.length).toBeGreaterThanOrEqual(3);
      expect(values.length).toBeLessThanOrEqual(5);
      expect(ticks.top).toBe(values.at(-1));
      expect(ticks.top).toBeGreaterThanOrEqual(max * (1 - 1e-9));
      const step = values[1]!;
      values.forEach((v, i) => expect(v).toBeCloseTo(i * step, 6 - Math.round(exponent)));
      const written = byteRateTickLabels(values, ticks, english);
      expect(new Set(written).size, `${max}: ${written.join(" | ")}`).toBe(written.length);
    }
  });
});

describe("the network chart's y axis for uPlot", () => {
  it("takes its ticks from the range it gave for the data, each with the rate's /s", () => {
    const { scale, axis } = byteRateAxis((bytes) => `${bytes}/s`);
    const u = {} as uPlot;
    const range = scale.range as (u: uPlot, min: number, max: number) => [number, number];
    expect(range(u, 0, 5000)).toEqual([0, 6144]);
    const splits = (axis.splits as (u: uPlot) => number[])(u);
    expect(splits).toEqual([0, 2048, 4096, 6144]);
    const values = axis.values as (u: uPlot, splits: number[]) => string[];
    expect(values(u, splits)).toEqual(["0 KB/s", "2 KB/s", "4 KB/s", "6 KB/s"]);
  });
});
