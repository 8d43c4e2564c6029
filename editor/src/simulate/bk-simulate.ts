// <bk-simulate>: the Simulate tab. Players, games, a bot per seat (greedy by default; "All seats" sets every
// seat at once) and a seed; the games run in web workers
// (sim.worker.ts), each playing a slice (game i is seeded SEED:i whoever plays it), with a progress bar and
// Cancel; one worker then counts them into the command line's report. Shown: outcome rates with their 95%
// intervals, wins by seat, endings, game lengths and scores, each score category's mean per seat (charts:
// Chart.js, loaded when first needed), and for a variant, "Compare with base": both rulesets on the same seeds,
// side by side, with each difference and its interval, score categories included. Export CSV writes the command line's CSV. The element stays alive when the tab is hidden, so
// a run and its results survive switching tabs.
import { LitElement, html, nothing, type PropertyValues } from 'lit';
import { live } from 'lit/directives/live.js';
import type { BotKind, CategoryComparison, Comparison, GameSummary, LadderReport, RateComparison, SimulateReport } from '../../../engine/index.js';
import { categoryMeans, parseBot, reportRows, toCsv, wilson } from '../../../engine/index.js';
import { simulationBots } from '../shared/bot-choices.js';
import { RpcClient } from '../shared/rpc-client.js';
import type { RulesetSource } from '../shared/source.js';
import { withCompileSetting } from '../shared/compile-setting.js';
import type { Batch, RulesetInfo, SimApi } from './protocol.js';
import { drawCharts, drawCompareCharts } from './charts.js';
import './bk-tune.js';

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** points, with a true minus sign */
const pts = (x: number) => `${x < 0 ? '−' : ''}${Math.abs(x).toFixed(2)}`;
const signed = (x: number) => `${x >= 0 ? '+' : ''}${pts(x)}`;

interface Run {
  batch: Batch;
  summaries: GameSummary[];
  report: SimulateReport;
}

export class BkSimulate extends LitElement {
  static override properties = {
    source: { attribute: false },
    info: { state: true },
    players: { state: true },
    games: { state: true },
    seed: { state: true },
    seats: { state: true },
    done: { state: true },
    total: { state: true },
    running: { state: true },
    error: { state: true },
    run: { state: true },
    baseRun: { state: true },
    comparison: { state: true },
    ladderBots: { state: true },
    ladderReport: { state: true },
  };

  declare source: RulesetSource | null;
  declare info: RulesetInfo | null;
  declare players: number;
  declare games: number;
  declare seed: string;
  declare seats: BotKind[];
  declare done: number;
  declare total: number;
  declare running: '' | 'run' | 'compare' | 'ladder';
  declare error: string;
  declare run: Run | null;
  declare baseRun: Run | null;
  declare comparison: Comparison | null;
  /** the ladder's bots as typed, weaker first, and its last report */
  declare ladderBots: string;
  declare ladderReport: LadderReport | null;

  private workers: RpcClient<SimApi>[] = [];
  private generation = 0;

  constructor() {
    super();
    this.source = null;
    this.info = null;
    this.players = 0;
    this.games = 1000;
    this.seed = '1';
    this.seats = [];
    this.done = 0;
    this.total = 0;
    this.running = '';
    this.error = '';
    this.run = null;
    this.baseRun = null;
    this.comparison = null;
    this.ladderBots = 'random,greedy';
    this.ladderReport = null;
  }

  // light DOM: the app's stylesheet applies
  protected override createRenderRoot() {
    return this;
  }

  private pool(n: number): RpcClient<SimApi>[] {
    while (this.workers.length < n) {
      this.workers.push(new RpcClient<SimApi>(() => new Worker(new URL('./sim.worker.ts', import.meta.url), { type: 'module' }), { name: 'a simulation worker' }));
    }
    return this.workers.slice(0, n);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('source') && this.source) void this.readInfo(this.source);
  }

  private async readInfo(src: RulesetSource): Promise<void> {
    try {
      const info = await this.pool(1)[0]!.call('info', { source: withCompileSetting(src) });
      if (src !== this.source) return;
      this.info = info;
      if (!info.problems.length) {
        if (this.players < info.players.min || this.players > info.players.max) this.players = info.players.min;
        this.fitSeats();
      }
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  /** One bot per seat: a new seat takes the last seat's bot (greedy at first: it plays to its side's objective). */
  private fitSeats(): void {
    const s = this.seats.slice(0, this.players);
    while (s.length < this.players) s.push(s[s.length - 1] ?? 'greedy');
    this.seats = s;
  }

  private batch(source: RulesetSource): Batch {
    const seed = /^\d+$/.test(this.seed.trim()) ? Number(this.seed.trim()) : this.seed.trim();
    return { source: withCompileSetting(source), players: this.players, seed, seats: this.seats.slice() };
  }

  /** Plays games [0, games) of a batch on every worker; null when cancelled. */
  private async play(b: Batch, offset: number, gen: number): Promise<Run | null> {
    const t0 = performance.now();
    const n = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4, this.games));
    const workers = this.pool(n);
    const per = Math.ceil(this.games / n);
    const counts = new Array<number>(n).fill(0);
    const parts = await Promise.all(workers.map((w, k) => {
      const from = k * per, to = Math.min(this.games, from + per);
      const off = w.on('progress', (m) => {
        if (gen !== this.generation) return;
        counts[k] = m.done;
        this.done = offset + counts.reduce((a, c) => a + c, 0);
      });
      return (from < to ? w.call('play', { ...b, from, to }) : Promise.resolve([])).finally(off);
    }));
    if (gen !== this.generation) return null;
    const summaries = parts.flat();
    const report = await workers[0]!.call('report', { ...b, summaries, seconds: (performance.now() - t0) / 1000 });
    return { batch: b, summaries, report };
  }

  private async start(compare: boolean): Promise<void> {
    if (!this.source || !this.info || this.running) return;
    const gen = ++this.generation;
    this.error = '';
    this.comparison = null;
    this.baseRun = null;
    this.ladderReport = null;
    this.done = 0;
    this.total = compare ? 2 * this.games : this.games;
    this.running = compare ? 'compare' : 'run';
    try {
      const variant = this.batch(this.source);
      let base: Run | null = null;
      if (compare) {
        base = await this.play(this.batch({ path: this.info.base, files: this.source.files }), 0, gen);
        if (!base) return;
      }
      const run = await this.play(variant, compare ? this.games : 0, gen);
      if (!run) return;
      this.run = run;
      if (base) {
        this.baseRun = base;
        this.comparison = await this.pool(1)[0]!.call('compare', { base: base.batch, variant: run.batch, a: base.summaries, b: run.summaries });
      }
    } catch (e) {
      if (gen === this.generation) this.error = (e as Error).message;
    } finally {
      if (gen === this.generation) this.running = '';
    }
  }

  /** The bots against each other (`babelkit ladder`): this.games games a pair, on one worker. */
  private async startLadder(): Promise<void> {
    if (!this.source || !this.info || this.running) return;
    const bots = this.ladderBots.split(',').map((x) => x.trim()).filter((x) => x !== '');
    const kinds = bots.map((b) => parseBot(b));
    const bad = bots.find((b, i) => !kinds[i]);
    if (bad !== undefined || kinds.length < 2) {
      this.error = bad !== undefined ? `'${bad}' is not a bot (${simulationBots().map((b) => b.name).join(', ')})` : 'Give at least two bots, weaker first: random,greedy';
      return;
    }
    const gen = ++this.generation;
    this.error = '';
    this.ladderReport = null;
    this.done = 0;
    this.total = kinds.length * kinds.length * this.games;
    this.running = 'ladder';
    const w = this.pool(1)[0]!;
    const off = w.on('progress', (m) => { if (gen === this.generation) this.done = m.done; });
    try {
      const b = this.batch(this.source);
      const r = await w.call('ladder', { source: b.source, players: b.players, seed: b.seed, bots: kinds as BotKind[], games: this.games });
      if (gen === this.generation) this.ladderReport = r;
    } catch (e) {
      if (gen === this.generation) this.error = (e as Error).message;
    } finally {
      off();
      if (gen === this.generation) this.running = '';
    }
  }

  private cancel(): void {
    this.generation++;
    this.stopWorkers();
    this.running = '';
    this.error = 'Cancelled.';
  }

  /** Stops the workers at once (a run or a tuning cancelled); the next call starts new ones. */
  private stopWorkers(): void {
    for (const w of this.workers) w.terminate();
    this.workers = [];
  }

  private exportCsv(): void {
    const reports = [this.baseRun?.report, this.run?.report].filter((r): r is SimulateReport => !!r);
    const rows = reports.flatMap((r) => reportRows(r));
    const blob = new Blob([toCsv(rows)], { type: 'text/csv' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(blob);
    a.download = `${this.run?.report.ruleset ?? 'simulation'}-${this.players}p-seed${this.seed}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  protected override updated(): void {
    const host = this.querySelector<HTMLElement>('.sim-charts');
    if (!host) return;
    const key = `${this.generation}:${this.comparison ? 'c' : 'r'}`;
    if (host.dataset.drawn === key) return;
    host.dataset.drawn = key;
    const draw = this.comparison && this.baseRun && this.run
      ? drawCompareCharts(host, this.baseRun.report, this.run.report, this.comparison)
      : this.run ? drawCharts(host, this.run.report, this.run.summaries) : null;
    void draw?.then(() => { host.dataset.charts = String(host.querySelectorAll('canvas').length); });
  }

  private renderForm() {
    const info = this.info!;
    const counts = Array.from({ length: info.players.max - info.players.min + 1 }, (_, i) => info.players.min + i);
    const allSame = this.seats.length > 0 && this.seats.every((b) => b === this.seats[0]);
    return html`<div class="sim-form">
      <label>Players <select data-sim-players @change=${(e: Event) => { this.players = Number((e.target as HTMLSelectElement).value); this.fitSeats(); }}>
        ${counts.map((n) => html`<option value=${n} ?selected=${n === this.players}>${n}</option>`)}</select></label>
      <label>Games <input data-sim-games type="number" min="1" max="100000" .value=${String(this.games)}
        @change=${(e: Event) => (this.games = Math.max(1, Math.min(100000, Math.floor(Number((e.target as HTMLInputElement).value) || 1))))} /></label>
      <label>Seed <input data-sim-seed type="text" .value=${this.seed} @change=${(e: Event) => (this.seed = (e.target as HTMLInputElement).value || '1')} /></label>
      <label>All seats <select data-sim-all-seats title="Set every seat's bot at once" .value=${live(allSame ? this.seats[0]! : '')}
        @change=${(e: Event) => { const b = (e.target as HTMLSelectElement).value as BotKind; if (b) this.seats = this.seats.map(() => b); }}>
        <option value="" ?selected=${!allSame}>(per seat)</option>
        ${simulationBots().map((b) => html`<option value=${b.name} title=${b.description} ?selected=${allSame && this.seats[0] === b.name}>${b.name}</option>`)}</select></label>
      <span class="sim-seats">${this.seats.map((b, i) => html`<label>Seat ${i + 1}
        <select data-sim-seat=${i} .value=${live(b)} @change=${(e: Event) => { const s = this.seats.slice(); s[i] = (e.target as HTMLSelectElement).value as BotKind; this.seats = s; }}>
          ${simulationBots().map((e) => html`<option value=${e.name} title=${e.description} ?selected=${e.name === b}>${e.name}</option>`)}</select></label>`)}</span>
      <button class="primary" data-sim-run ?disabled=${!!this.running} @click=${() => this.start(false)}>Run</button>
      ${info.base ? html`<button data-sim-compare ?disabled=${!!this.running} @click=${() => this.start(true)} title="Play ${info.base} on the same seeds and show the differences">Compare with base</button>` : nothing}
      <label title="Bots to play against each other, weaker first; the games above are played for each pair">Ladder bots
        <input data-sim-ladder-bots type="text" size="18" .value=${this.ladderBots} @change=${(e: Event) => (this.ladderBots = (e.target as HTMLInputElement).value)} /></label>
      <button data-sim-ladder ?disabled=${!!this.running} @click=${() => this.startLadder()}>Ladder</button>
      ${this.running ? html`<button data-sim-cancel @click=${() => this.cancel()}>Cancel</button>` : nothing}
      ${this.run && !this.running ? html`<button data-sim-csv @click=${() => this.exportCsv()}>Export CSV</button>` : nothing}
    </div>`;
  }

  private rateRow(kind: string, id: string, name: string, k: number, n: number) {
    const i = wilson(k, n);
    return html`<tr data-figure="${kind}:${id}" data-count=${k}><td>${name}</td><td>${k}</td><td>${pct(n ? k / n : 0)}</td><td>${pct(i.low)}–${pct(i.high)}</td></tr>`;
  }

  private renderReport(r: SimulateReport) {
    const n = r.games;
    return html`<div class="sim-report" data-report data-games=${n} data-truncated=${r.truncated}>
      <p>${n} games of ${this.info?.name} at ${r.players} players, seed ${String(r.seed)} (${r.seats.join(', ')}): ${r.gamesPerSecond} games/s,
        ${r.actionsPerGame.mean} decisions a game${r.truncated ? html`, <b>${r.truncated} truncated</b>` : nothing}.</p>
      <table class="sim-table"><thead><tr><th>Outcome</th><th>games</th><th>rate</th><th>95% interval</th></tr></thead>
        <tbody>${Object.entries(r.wins).map(([id, k]) => this.rateRow('outcome', id, id, k, n))}</tbody>
        <thead><tr><th>Ending</th><th></th><th></th><th></th></tr></thead>
        <tbody>${Object.entries(r.endings).map(([id, k]) => this.rateRow('ending', id, id, k, n))}</tbody>
        <thead><tr><th>Seat</th><th></th><th></th><th></th></tr></thead>
        <tbody>${r.winsBySeat.map((k, p) => this.rateRow('seat', String(p + 1), `Player ${p + 1} (${r.seats[p]})`, k, n))}</tbody>
      </table>
      ${r.scores ? html`<p data-scores>Mean score ${r.scores.mean} points per seat.</p>` : nothing}
      ${this.renderCategoryMeans(r)}
    </div>`;
  }

  /** Each score category's mean points per seat, with its 95% interval over games. */
  private renderCategoryMeans(r: SimulateReport) {
    const names = new Map((this.info?.categories ?? []).map((c) => [c.id, c.name]));
    const cats = categoryMeans(r).map((c) => ({ ...c, name: names.get(c.id) ?? c.id }));
    if (!cats.length) return nothing;
    return html`<table class="sim-table" data-categories><thead><tr><th>Score category</th><th>points per seat</th><th>95% interval</th></tr></thead>
      <tbody>${cats.map((c) => html`<tr data-figure="category:${c.id}" data-mean=${c.mean}><td>${c.name}</td><td>${pts(c.mean)}</td><td style="white-space: nowrap">${pts(c.low)} to ${pts(c.high)}</td></tr>`)}</tbody>
    </table>`;
  }

  /** Score categories side by side: each run's points per seat, the difference (variant − base) and its interval. */
  private renderCategoryComparison(cs: CategoryComparison[]) {
    const mean = (m: CategoryComparison['base']) => (m ? pts(m.mean) : '— (not declared)');
    return html`<table class="sim-table" data-categories><thead><tr><th>Score category (points per seat)</th><th>base</th><th>variant</th><th>difference</th><th></th></tr></thead>
      <tbody>${cs.map((c) => html`<tr data-figure="category:${c.id}" data-difference=${c.difference.value}><td>${c.name}</td><td>${mean(c.base)}</td><td>${mean(c.variant)}</td>
        <td style="white-space: nowrap">${signed(c.difference.value)} (${signed(c.difference.low)} to ${signed(c.difference.high)})</td><td>${c.verdict}</td></tr>`)}</tbody>
    </table>`;
  }

  private compareRow(kind: string, c: RateComparison) {
    return html`<tr data-figure="${kind}:${c.id}" data-difference=${c.difference.value}><td>${c.name}</td><td>${pct(c.base.rate)}</td><td>${pct(c.variant.rate)}</td>
      <td>${(100 * c.difference.value).toFixed(1)} (${(100 * c.difference.low).toFixed(1)} to ${(100 * c.difference.high).toFixed(1)})</td><td>${c.verdict}</td></tr>`;
  }

  private renderComparison(c: Comparison) {
    return html`<div class="sim-compare" data-comparison data-games=${c.games}>
      <p>${this.info?.base} (base) against ${this.source?.path} (variant), ${c.games} games each on the same seeds. Differences in points (variant − base), 95% intervals.</p>
      <table class="sim-table"><thead><tr><th>Outcome</th><th>base</th><th>variant</th><th>difference</th><th></th></tr></thead>
        <tbody>${c.outcomes.map((x) => this.compareRow('outcome', x))}</tbody>
        <thead><tr><th>Ending</th><th></th><th></th><th></th><th></th></tr></thead>
        <tbody>${c.endings.map((x) => this.compareRow('ending', x))}</tbody>
      </table>
      <p>Game length: ${c.actionsPerGame.verdict}.${c.score ? ` Score: ${c.score.verdict}.` : ''}</p>
      ${c.categories?.length ? this.renderCategoryComparison(c.categories) : nothing}
    </div>`;
  }

  /** The matchup matrix: one seat of the row's bot among the column's, its win rate and its edge over that seat
   *  played by the column's bot; then the first seat's advantage. */
  private renderLadder(r: LadderReport) {
    const cell = (c: LadderReport['cells'][number][number], diag: boolean) => html`<td data-cell="${c.strong}:${c.weak}" data-wins=${c.wins} data-edge=${c.edge.value}
      style="white-space: nowrap">${pct(c.rate)} <small>(${pct(c.low)}–${pct(c.high)})</small>${diag ? nothing : html`<br /><small>${signed(100 * c.edge.value)} points${c.verdict === 'stronger' ? ' ▲' : c.verdict === 'weaker' ? ' ▼' : ''}</small>`}</td>`;
    return html`<div class="sim-ladder" data-ladder data-games=${r.games}>
      <p>Ladder of ${this.info?.name} at ${r.players} players, ${r.games} games a pair, seed ${String(r.seed)}: one seat of the row's bot among
        seats of the column's, the seat rotated game by game; its win rate (95% interval) and how many points more often it wins than
        that seat played by the column's bot in the same games (▲ clearly more, ▼ clearly less).</p>
      <table class="sim-table"><thead><tr><th></th>${r.bots.map((b) => html`<th>among ${b}</th>`)}</tr></thead>
        <tbody>${r.cells.map((row, a) => html`<tr><th>${r.bots[a]}</th>${row.map((c, b) => cell(c, a === b))}</tr>`)}</tbody></table>
      <table class="sim-table"><thead><tr><th>Every seat</th><th>seat 1 wins</th><th>95% interval</th><th>an average seat</th><th>first seat's advantage</th></tr></thead>
        <tbody>${r.firstSeat.map((f) => html`<tr data-first-seat=${f.bot} data-wins=${f.wins}><td>${f.bot}</td><td>${pct(f.rate)}</td><td>${pct(f.low)}–${pct(f.high)}</td><td>${pct(f.share)}</td>
          <td style="white-space: nowrap">${signed(100 * f.advantage.value)} points (${signed(100 * f.advantage.low)} to ${signed(100 * f.advantage.high)})</td></tr>`)}</tbody></table>
      ${r.inversions.length ? html`<ul class="sim-warnings">${r.inversions.map((x) => html`<li data-inversion>${x.strong} does not clearly beat ${x.weak}</li>`)}</ul>` : nothing}
    </div>`;
  }

  protected override render() {
    if (!this.info) return html`<p class="bk-empty">Reading the ruleset…</p>`;
    if (this.info.problems.length) {
      return html`<div class="sim"><p class="bk-empty" data-sim-problems>Fix the ruleset's errors first: ${this.info.problems[0]}</p></div>`;
    }
    return html`<div class="sim" data-sim-state=${this.running || (this.ladderReport ? 'laddered' : this.comparison ? 'compared' : this.run ? 'done' : 'idle')}>
      ${this.renderForm()}
      ${this.running ? html`<div class="sim-progress"><progress data-sim-progress max=${this.total} .value=${this.done}></progress> ${this.done} / ${this.total} games</div>` : nothing}
      ${this.error ? html`<p class="sim-error" role="alert">${this.error}</p>` : nothing}
      ${this.ladderReport && !this.running ? this.renderLadder(this.ladderReport) : nothing}
      ${this.comparison ? this.renderComparison(this.comparison) : this.run && !this.running ? this.renderReport(this.run.report) : nothing}
      ${this.run && !this.running ? html`<div class="sim-charts"></div>` : nothing}
      <bk-tune .source=${this.source} .players=${this.players} .seats=${this.seats} .seed=${this.seed} .rulesetName=${this.info.name}
        .workers=${(n: number) => this.pool(n)} .stopWorkers=${() => this.stopWorkers()}></bk-tune>
    </div>`;
  }
}

if (!customElements.get('bk-simulate')) customElements.define('bk-simulate', BkSimulate);

declare global {
  interface HTMLElementTagNameMap {
    'bk-simulate': BkSimulate;
  }
}
