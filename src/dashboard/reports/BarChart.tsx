// A bar chart drawn by Chartist (SVG; the bar chart is about 7 KB gzip, loaded with the report pages only),
// always with the same figures as an accessible table beside it: the chart is an image
// with a summary for screen readers, the table is the way to read the exact values.
import { useEffect, useId, useRef } from "react";
import { formatDecimal } from "../../lib/format.ts";
import { useLocale } from "../i18n.ts";
import "./chart.css";

export interface BarChartProps {
  /** What the chart shows, read by screen readers (the table has the details). */
  label: string;
  labels: string[];
  values: number[];
  /** Axis values shown as whole numbers (counts) or as they come. */
  integers?: boolean;
  /** Highest value of the axis (e.g. 100 for percentages). */
  high?: number;
  testId?: string;
}

export function BarChart({ label, labels, values, integers, high, testId }: BarChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  const locale = useLocale();
  useEffect(() => {
    let chart: { detach: () => void } | undefined;
    let cancelled = false;
    void import("chartist").then(({ BarChart: Chart }) => {
      if (cancelled || !box.current) return;
      chart = new Chart(
        box.current,
        { labels, series: [values] },
        {
          // the axis's values written in the page's language (12,5 in French, not 12.5)
          axisY: { onlyInteger: integers, low: 0, labelInterpolationFnc: (value: number | string) => formatDecimal(locale, Number(value)), ...(high !== undefined ? { high } : {}) },
          chartPadding: { top: 10, right: 10, bottom: 0, left: 0 },
          height: "220px",
        },
      );
    });
    return () => {
      cancelled = true;
      chart?.detach();
    };
  }, [labels.join("|"), values.join("|"), integers, high, locale]); // eslint-disable-line react-hooks/exhaustive-deps
  return <div ref={box} id={id} role="img" aria-label={label} className="report-chart w-full" data-testid={testId} />;
}
