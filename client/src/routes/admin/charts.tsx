import { useEffect, useRef, type ReactNode } from 'react';
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js';

/**
 * Charts for the admin dashboard, drawn with Chart.js (decision 056). Only the pieces used are
 * registered, and this module is imported by the dashboard screen alone, so it lands in that lazy
 * chunk — never in the shop's bundle.
 */
Chart.register(BarController, BarElement, LineController, LineElement, PointElement, CategoryScale, LinearScale, Tooltip, Legend, Filler);

const css = (name: string, fallback: string) =>
  (typeof document !== 'undefined' && getComputedStyle(document.documentElement).getPropertyValue(name).trim()) || fallback;

export const palette = () => ({
  primary: css('--green-700', '#1e6742'),
  primarySoft: css('--green-200', '#cde6d5'),
  accent: css('--lime-400', '#c3dd5f'),
  muted: css('--ink-300', '#c9d2cb'),
  text: css('--ink-700', '#3f5246'),
  grid: css('--ink-100', '#eef2ee'),
  warning: css('--amber-700', '#8a4b05'),
});

Chart.defaults.font.family = "'Manrope', ui-sans-serif, system-ui, sans-serif";
Chart.defaults.font.size = 12;
Chart.defaults.plugins.legend.labels.boxWidth = 12;
Chart.defaults.plugins.legend.labels.boxHeight = 12;
Chart.defaults.animation = false;

/**
 * A canvas with a chart. The canvas is an image for assistive technology (its label says what it
 * shows) and `children` is the same data as text (a table) for anyone who cannot see the chart.
 */
export function ChartCanvas({
  config,
  label,
  height = 260,
  name,
  children,
}: {
  config: ChartConfiguration;
  label: string;
  height?: number;
  name: string;
  children?: ReactNode;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart | null>(null);
  useEffect(() => {
    const c = canvas.current;
    if (!c) return;
    chart.current?.destroy();
    chart.current = new Chart(c, { ...config, options: { responsive: true, maintainAspectRatio: false, ...config.options } });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, [config]);
  return (
    <div className="admin-chart" data-chart={name}>
      <div className="admin-chart__canvas" style={{ height }}>
        <canvas ref={canvas} role="img" aria-label={label} />
      </div>
      {children ? (
        <details className="admin-chart__data">
          <summary>Show the figures</summary>
          {children}
        </details>
      ) : null}
    </div>
  );
}
