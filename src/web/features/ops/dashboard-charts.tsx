import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";

/*
 * The dashboard's charts (recharts: SVG, with its keyboard and screen-reader layer on). Loaded only
 * by the back-office's start page, lazily, so neither the storefront nor the first paint of /ops
 * carries the library. Each chart repeats figures a table beside it gives in full; texts and number
 * formats come from the page.
 */

export interface ChartSeries {
  key: string;
  label: string;
  color: string;
}
interface ChartText {
  /** What the chart shows, for screen readers (the SVG's title). */
  title: string;
  /** Where the same figures are as text (the SVG's description). */
  desc: string;
}

const axisTick = { fontSize: 12, fill: "#5b6270" };
/** The legend in the series' order (recharts sorts by name unless told), its text in ink: the series' colours are for shapes, too light for small text. */
const legend = <Legend itemSorter={null} wrapperStyle={{ fontSize: 12 }} formatter={(name) => <span style={{ color: "#14171f" }}>{name}</span>} />;

/** Rows (a queue, a grade) as bars of stacked parts (urgency, age), side by side. */
export function StackedBars({
  rows,
  series,
  formatValue,
  title,
  desc,
  height = 180,
}: ChartText & { rows: ({ label: string } & Record<string, number | string>)[]; series: ChartSeries[]; formatValue: (value: number) => string; height?: number }) {
  return (
    <BarChart data={rows} layout="vertical" responsive style={{ width: "100%", height }} title={title} desc={desc} margin={{ top: 4, right: 12, bottom: 4, left: 4 }}>
      <CartesianGrid horizontal={false} stroke="#e3e6ec" />
      <XAxis type="number" allowDecimals={false} tick={axisTick} tickFormatter={(value: number) => formatValue(value)} />
      <YAxis type="category" dataKey="label" width={120} tick={axisTick} />
      <Tooltip formatter={(value) => formatValue(Number(value))} />
      {legend}
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} stackId="parts" fill={s.color} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}

/** Figures per day: lines (money) or bars (counts) along the period. */
export function DailyChart({
  days,
  series,
  kind,
  formatDay,
  formatValue,
  title,
  desc,
  height = 220,
}: ChartText & { days: ({ day: string } & Record<string, number | string>)[]; series: ChartSeries[]; kind: "lines" | "bars"; formatDay: (day: string) => string; formatValue: (value: number) => string; height?: number }) {
  const axes = (
    <>
      <CartesianGrid vertical={false} stroke="#e3e6ec" />
      <XAxis dataKey="day" tickFormatter={formatDay} tick={axisTick} minTickGap={16} />
      <YAxis tickFormatter={(value: number) => formatValue(value)} tick={axisTick} width={kind === "lines" ? 84 : 40} allowDecimals={false} />
      <Tooltip labelFormatter={(day) => formatDay(String(day))} formatter={(value) => formatValue(Number(value))} />
      {legend}
    </>
  );
  const margin = { top: 4, right: 12, bottom: 4, left: 4 };
  const style = { width: "100%", height };
  return kind === "lines" ? (
    <LineChart data={days} responsive style={style} title={title} desc={desc} margin={margin}>
      {axes}
      {series.map((s) => (
        <Line key={s.key} dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} type="linear" isAnimationActive={false} />
      ))}
    </LineChart>
  ) : (
    <BarChart data={days} responsive style={style} title={title} desc={desc} margin={margin}>
      {axes}
      {series.map((s) => (
        <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} />
      ))}
    </BarChart>
  );
}
