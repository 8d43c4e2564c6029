// The Simulate tab's charts, drawn with Chart.js (imported when first needed, so the editor's first load does
// not carry it): rates as bars with their 95% interval as whiskers, histograms of game length and score.
import type { Comparison, GameSummary, SimulateReport, Target, Tunable, TuneResult } from '../../../engine/index.js';
import { showTarget, wilson } from '../../../engine/index.js';

type ChartCtor = typeof import('chart.js').Chart;
let loading: Promise<ChartCtor> | null = null;

function chartLib(): Promise<ChartCtor> {
  loading ??= import('chart.js').then((m) => {
    m.Chart.register(...m.registerables, whiskers);
    return m.Chart;
  });
  return loading;
}

/** Draws each bar's interval ([low, high] in the dataset's `intervals`) as a whisker. */
const whiskers = {
  id: 'bkWhiskers',
  afterDatasetsDraw(chart: import('chart.js').Chart) {
    const ctx = chart.ctx;
    chart.data.datasets.forEach((ds, d) => {
      const iv = (ds as unknown as { intervals?: [number, number][] }).intervals;
      if (!iv || !chart.isDatasetVisible(d)) return;
      const meta = chart.getDatasetMeta(d);
      const y = chart.scales.y!;
      ctx.save();
      ctx.strokeStyle = '#222';
      ctx.lineWidth = 1.2;
      meta.data.forEach((bar, i) => {
        const [lo, hi] = iv[i] ?? [0, 0];
        const x = bar.x, top = y.getPixelForValue(100 * hi), bottom = y.getPixelForValue(100 * lo);
        ctx.beginPath();
        ctx.moveTo(x, top); ctx.lineTo(x, bottom);
        ctx.moveTo(x - 4, top); ctx.lineTo(x + 4, top);
        ctx.moveTo(x - 4, bottom); ctx.lineTo(x + 4, bottom);
        ctx.stroke();
      });
      ctx.restore();
    });
  },
};

const COLOURS = ['#3d6fb6', '#c8743a', '#4c9a5b', '#9a4c8e', '#b8a23a', '#5a8f9a'];

function box(host: HTMLElement, title: string, name: string): HTMLCanvasElement {
  const fig = document.createElement('figure');
  fig.className = 'sim-chart';
  fig.dataset.chart = name;
  const cap = document.createElement('figcaption');
  cap.textContent = title;
  const canvas = document.createElement('canvas');
  fig.append(cap, canvas);
  host.append(fig);
  return canvas;
}

interface RateSet { label: string; counts: number[]; n: number }

function rateChart(Chart: ChartCtor, host: HTMLElement, title: string, name: string, labels: string[], sets: RateSet[]): void {
  new Chart(box(host, title, name), {
    type: 'bar',
    data: {
      labels,
      datasets: sets.map((s, k) => ({
        label: s.label,
        data: s.counts.map((c) => (s.n ? (100 * c) / s.n : 0)),
        backgroundColor: COLOURS[k % COLOURS.length],
        intervals: s.counts.map((c) => { const i = wilson(c, s.n); return [i.low, i.high]; }),
      })) as never,
    },
    options: { animation: false, responsive: true, maintainAspectRatio: false, scales: { y: { min: 0, max: 100, title: { display: true, text: '% of games (95% interval)' } } } },
  });
}

function histogram(values: number[], bins = 20): { labels: string[]; counts: number[] } {
  if (!values.length) return { labels: [], counts: [] };
  const lo = Math.min(...values), hi = Math.max(...values);
  const width = Math.max(1, Math.ceil((hi - lo + 1) / bins));
  const counts = new Array<number>(Math.ceil((hi - lo + 1) / width)).fill(0);
  for (const v of values) counts[Math.floor((v - lo) / width)]!++;
  return { labels: counts.map((_, i) => (width === 1 ? String(lo + i) : `${lo + i * width}–${lo + (i + 1) * width - 1}`)), counts };
}

function histChart(Chart: ChartCtor, host: HTMLElement, title: string, name: string, values: number[], label: string): void {
  const h = histogram(values);
  new Chart(box(host, title, name), {
    type: 'bar',
    data: { labels: h.labels, datasets: [{ label, data: h.counts, backgroundColor: '#7a8ca3' }] },
    options: { animation: false, responsive: true, maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { title: { display: true, text: 'games' } } } },
  });
}

export async function drawCharts(host: HTMLElement, r: SimulateReport, summaries: GameSummary[]): Promise<void> {
  const Chart = await chartLib();
  host.replaceChildren();
  const outcomes = Object.keys(r.wins);
  rateChart(Chart, host, 'Outcomes', 'outcomes', outcomes, [{ label: r.ruleset, counts: outcomes.map((o) => r.wins[o]!), n: r.games }]);
  rateChart(Chart, host, 'Wins by seat', 'seats', r.seats.map((b, p) => `Player ${p + 1} (${b})`), [{ label: r.ruleset, counts: r.winsBySeat, n: r.games }]);
  const endings = Object.keys(r.endings);
  rateChart(Chart, host, 'Endings', 'endings', endings, [{ label: r.ruleset, counts: endings.map((e) => r.endings[e]!), n: r.games }]);
  histChart(Chart, host, 'Game length (decisions)', 'lengths', summaries.map((s) => s.actions), 'games');
  const scores = summaries.flatMap((s) => (s.scores ?? []).map((row) => row.reduce((a, b) => a + b, 0)));
  if (scores.length) histChart(Chart, host, 'Scores (every seat of every game)', 'scores', scores, 'seats');
}

export async function drawCompareCharts(host: HTMLElement, base: SimulateReport, variant: SimulateReport, c: Comparison): Promise<void> {
  const Chart = await chartLib();
  host.replaceChildren();
  const sets = (pick: (x: Comparison['outcomes'][number], r: 'base' | 'variant') => number, xs: Comparison['outcomes']) => [
    { label: `${base.ruleset} (base)`, counts: xs.map((x) => pick(x, 'base')), n: c.games },
    { label: `${variant.ruleset} (variant)`, counts: xs.map((x) => pick(x, 'variant')), n: c.games },
  ];
  rateChart(Chart, host, 'Outcomes, base and variant', 'outcomes', c.outcomes.map((x) => x.name), sets((x, r) => x[r].count, c.outcomes));
  rateChart(Chart, host, 'Endings, base and variant', 'endings', c.endings.map((x) => x.name), sets((x, r) => x[r].count, c.endings));
  rateChart(Chart, host, 'Wins by seat, base and variant', 'seats', c.winsBySeat.map((x) => x.name), sets((x, r) => x[r].count, c.winsBySeat));
}

/** The Tune panel's chart: each target's measure across each tunable's range (every game played with each value),
 *  its 95% interval as whiskers, and the target as a line. */
export async function drawTuneChart(host: HTMLElement, tunables: readonly Tunable[], targets: readonly Target[], r: TuneResult): Promise<void> {
  const Chart = await chartLib();
  host.replaceChildren();
  tunables.forEach((t, d) => {
    targets.forEach((x, k) => {
      const points = r.profile[d]!.filter((p) => p.games > 0);
      const rate = x.unit === 'rate';
      // the whiskers plugin reads rates (0..1) and draws them in percent
      const y = (v: number) => (rate ? 100 * v : v);
      const whisker = (v: number) => (rate ? v : v / 100);
      const best = r.best[0]!.values[d];
      new Chart(box(host, `${x.label} across ${t.name}`, `tune-${d}-${k}`), {
        type: 'bar',
        data: {
          labels: points.map((p) => String(p.value)),
          datasets: [
            {
              type: 'bar', label: `${x.label} (95% interval)`, data: points.map((p) => y(p.measures[k]!.value)),
              backgroundColor: points.map((p) => (p.value === best ? '#c8743a' : '#3d6fb6')),
              intervals: points.map((p) => [whisker(p.measures[k]!.low), whisker(p.measures[k]!.high)]),
            },
            { type: 'line', label: `aim: ${showTarget(x)}`, data: points.map(() => y((x.low + x.high) / 2)), borderColor: '#4c9a5b', borderDash: [6, 4], pointRadius: 0, intervals: undefined },
          ] as never,
        },
        options: {
          animation: false, responsive: true, maintainAspectRatio: false,
          scales: { x: { title: { display: true, text: `${t.name} (orange: best)` } }, y: { title: { display: true, text: rate ? (x.kind.k === 'advantage' ? 'points' : '% of games') : x.label } } },
        },
      });
    });
  });
}
