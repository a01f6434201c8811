import { VisuallyHidden } from "@mantine/core";
import { useT } from "../../../i18n";
import { summarize, type ChartLine } from "./metric-shaping";

interface MetricSummaryTableProps {
  chart: string;
  lines: ChartLine[];
  names: string[];
  format: (value: number) => string;
}

/** The chart in words for screen readers: lowest, average, highest and latest value of each line. */
export function MetricSummaryTable({ chart, lines, names, format }: MetricSummaryTableProps) {
  const t = useT();
  const cell = (v: number | null) => (v === null ? t("devices.metrics.noValue") : format(v));
  return (
    <VisuallyHidden>
      <table>
        <caption>{t("devices.metrics.summaryCaption", { chart })}</caption>
        <thead>
          <tr>
            <th scope="col">{t("devices.metrics.series")}</th>
            <th scope="col">{t("devices.metrics.lowest")}</th>
            <th scope="col">{t("devices.metrics.average")}</th>
            <th scope="col">{t("devices.metrics.highest")}</th>
            <th scope="col">{t("devices.metrics.latest")}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => {
            const s = summarize(line);
            return (
              <tr key={line.key}>
                <th scope="row">{names[i]}</th>
                <td>{cell(s.min)}</td>
                <td>{cell(s.avg)}</td>
                <td>{cell(s.max)}</td>
                <td>{cell(s.latest)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </VisuallyHidden>
  );
}
