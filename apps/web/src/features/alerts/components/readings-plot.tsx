/**
 * The time-series chart of a station's readings, drawn by uPlot (loaded lazily with its CSS, outside the shell
 * bundle): termite activity and bait consumption (0–100) and battery % on the left axis, signal in dBm on the right
 * axis, times and values in the user's language and time zone, a legend showing the values under the cursor.
 * Hidden from assistive technologies: the station chart gives the same data as a text summary and a table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PlotData } from '../lib/readings';

export interface ReadingsPlotProps {
  data: PlotData;
  /** Legend labels: time, activity, bait, battery, signal. */
  labels: { time: string; activity: string; bait: string; battery: string; signal: string };
  /** BCP 47 locale of the numbers and dates. */
  locale: string;
  timeZone: string;
}

const HEIGHT = 280;
const COLOURS = { activity: '#b91c1c', bait: '#b45309', battery: '#15803d', signal: '#1d4ed8', grid: '#e5e7eb' };
const AXIS_FONT = '12px system-ui, sans-serif';

/** The uPlot options of the chart `width` px wide. */
function plotOptions({ labels, locale, timeZone }: Omit<ReadingsPlotProps, 'data'>, width: number): uPlot.Options {
  const numberFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
  const dayFormat = new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' });
  const timeFormat = new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });
  // the legend's labels carry the units
  const value = (_: uPlot, v: number | null) => (v === null ? '—' : numberFormat.format(v));
  const axis = { font: AXIS_FONT, stroke: '#4b5563', grid: { stroke: COLOURS.grid, width: 1 }, ticks: { show: false } };
  return {
    width,
    height: HEIGHT,
    tzDate: (ts) => uPlot.tzDate(new Date(ts * 1000), timeZone),
    scales: { x: { time: true }, '%': { range: [0, 100] }, dBm: { auto: true } },
    series: [
      { label: labels.time, value: (_, v) => (v === null ? '—' : timeFormat.format(v * 1000)) },
      { label: labels.activity, scale: '%', stroke: COLOURS.activity, width: 2, value },
      { label: labels.bait, scale: '%', stroke: COLOURS.bait, width: 2, value },
      { label: labels.battery, scale: '%', stroke: COLOURS.battery, width: 1.5, value },
      { label: labels.signal, scale: 'dBm', stroke: COLOURS.signal, width: 1.5, dash: [6, 4], value },
    ],
    axes: [
      {
        ...axis,
        values: (_, splits, _axis, _space, increment) =>
          splits.map((s) => (increment >= 86_400 ? dayFormat : timeFormat).format(s * 1000)),
      },
      { ...axis, scale: '%', values: (_, splits) => splits.map((s) => numberFormat.format(s)) },
      {
        ...axis,
        scale: 'dBm',
        side: 1,
        grid: { show: false },
        values: (_, splits) => splits.map((s) => numberFormat.format(s)),
      },
    ],
    legend: { live: true },
  };
}

/** The chart; follows the width of its container. */
export function ReadingsPlot({ data, labels, locale, timeZone }: ReadingsPlotProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const plot = new uPlot(
      plotOptions({ labels, locale, timeZone }, element.clientWidth || 600),
      data as uPlot.AlignedData,
      element,
    );
    const observer =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      plot.destroy();
    };
  }, [data, labels, locale, timeZone]);

  return <div ref={container} aria-hidden className="w-full text-xs text-gray-700" />;
}
