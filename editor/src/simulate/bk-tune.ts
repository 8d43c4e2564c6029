// <bk-tune>: the Simulate tab's Tune panel (`babelkit tune` in the browser). The ruleset's declared tunables,
// each with the range to try (ticked ones are tuned); targets (a measure and the value wanted); a budget of games.
// The search (engine/sim/tune: successive halving for one tunable, NTBEA for several) runs on this page and plays
// each setting — a variant of the open ruleset, given as text — on the Simulate tab's web workers, with the
// tab's players, bots and seed. Shown: progress, the best settings with each measure and its 95% interval, the
// settings ruled out and why, a chart of the measure across each tunable's range, and "Open as variant", which
// adds the winner to the files as a variant that extends the open ruleset.
import { LitElement, html, nothing } from 'lit';
import { showInterval, showMeasure, showTarget, showValue, tune, tuneWarnings, variantText, type BotKind, type GameSummary, type Target, type Tunable, type TuneResult, type TuneValue } from '../../../engine/index.js';
import type { RpcClient } from '../shared/rpc-client.js';
import type { RulesetSource } from '../shared/source.js';
import type { OpenVariantDetail, SimApi, TuneInfo } from './protocol.js';
import { drawTuneChart } from './charts.js';

interface Choice { on: boolean; low: string; high: string; step: string }
interface TargetRow { name: string; value: string }

export class BkTune extends LitElement {
  static override properties = {
    source: { attribute: false },
    players: { type: Number },
    seats: { attribute: false },
    seed: { type: String },
    rulesetName: { type: String },
    info: { state: true },
    choices: { state: true },
    targets: { state: true },
    budget: { state: true },
    played: { state: true },
    running: { state: true },
    error: { state: true },
    result: { state: true },
  };

  declare source: RulesetSource | null;
  declare players: number;
  declare seats: BotKind[];
  declare seed: string;
  /** the open ruleset's name (the tuned variant is named after it) */
  declare rulesetName: string;
  /** the workers of the Simulate tab (its pool), and a way to stop them */
  workers: (n: number) => RpcClient<SimApi>[] = () => [];
  stopWorkers: () => void = () => {};
  declare info: TuneInfo | null;
  declare choices: Choice[];
  declare targets: TargetRow[];
  declare budget: number;
  declare played: number;
  declare running: boolean;
  declare error: string;
  declare result: { r: TuneResult; tunables: Tunable[]; targets: Target[]; source: RulesetSource; players: number; seats: BotKind[]; seed: string } | null;

  private generation = 0;
  private infoKey = '';

  constructor() {
    super();
    this.source = null;
    this.players = 2;
    this.seats = [];
    this.seed = '1';
    this.rulesetName = '';
    this.info = null;
    this.choices = [];
    this.targets = [];
    this.budget = 2000;
    this.played = 0;
    this.running = false;
    this.error = '';
    this.result = null;
  }

  protected override createRenderRoot() {
    return this;
  }

  protected override willUpdate(): void {
    const key = `${this.source?.path}\u0000${this.players}`;
    if (this.source && key !== this.infoKey) {
      this.infoKey = key;
      void this.readInfo(this.source, this.players);
    }
  }

  private async readInfo(source: RulesetSource, players: number): Promise<void> {
    try {
      const info = await this.workers(1)[0]!.call('tuneInfo', { source, players });
      if (source !== this.source) return;
      this.info = info;
      this.choices = info.tunables.map((t) => {
        const nums = t.values.filter((v): v is number => typeof v === 'number');
        return { on: true, low: String(nums[0] ?? ''), high: String(nums[nums.length - 1] ?? ''), step: String(t.step ?? '') };
      });
      if (!this.targets.length || !this.targets.every((t) => info.measures.some((m) => m.name === t.name))) {
        const first = info.measures[0];
        this.targets = first ? [{ name: first.name, value: first.suggest }] : [];
      }
    } catch (e) {
      this.error = (e as Error).message;
    }
  }

  /** The ticked tunables as the command line writes them: id=LOW..HIGH:STEP, or the declared list. */
  private tuneArgs(): string[] {
    const ts = this.info?.tunables ?? [];
    return ts.flatMap((t, i) => {
      const c = this.choices[i]!;
      if (!c.on) return [];
      return [t.step !== null ? `${t.id}=${c.low}..${c.high}:${c.step}` : t.id];
    });
  }

  private async start(): Promise<void> {
    if (!this.source || this.running) return;
    const gen = ++this.generation;
    this.error = '';
    this.result = null;
    this.played = 0;
    const source = this.source, players = this.players, seats = this.seats.slice(), seedText = this.seed.trim() || '1';
    const seed = /^\d+$/.test(seedText) ? Number(seedText) : seedText;
    const args = this.tuneArgs();
    if (!args.length) { this.error = 'Tick at least one value to tune.'; return; }
    this.running = true;
    try {
      const w0 = this.workers(1)[0]!;
      const plan = await w0.call('tunePlan', { source, players, tune: args, targets: this.targets.map((t) => `${t.name}=${t.value}`) });
      const settings = new Map<string, Promise<{ path: string; text: string; problem: string | null }>>();
      const setting = (values: readonly TuneValue[]) => {
        const k = JSON.stringify(values);
        let s = settings.get(k);
        if (!s) settings.set(k, (s = w0.call('tuneSetting', { source, players, seats, tunables: plan.tunables, values: values.slice() })));
        return s;
      };
      const n = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));
      const r = await tune({ tunables: plan.tunables, targets: plan.targets, players, seed, budget: this.budget, onProgress: (p) => { if (gen === this.generation) this.played = p; } }, {
        check: async (values) => (await setting(values)).problem,
        play: async (values, from, to) => {
          if (gen !== this.generation) throw new Error('Cancelled.');
          const s = await setting(values);
          const src: RulesetSource = { path: s.path, files: { ...source.files, [s.path]: s.text }, ...(source.images ? { images: source.images } : {}) };
          const ws = this.workers(Math.min(n, to - from));
          const per = Math.ceil((to - from) / ws.length);
          const parts = await Promise.all(ws.map((w, k) => {
            const a = from + k * per, b = Math.min(to, a + per);
            return a < b ? w.call('play', { source: src, players, seed, seats, from: a, to: b }) : Promise.resolve([] as GameSummary[]);
          }));
          return parts.flat();
        },
      });
      if (gen !== this.generation) return;
      this.result = { r, tunables: plan.tunables, targets: plan.targets, source, players, seats, seed: seedText };
    } catch (e) {
      if (gen === this.generation) this.error = (e as Error).message;
    } finally {
      if (gen === this.generation) this.running = false;
    }
  }

  private cancel(): void {
    this.generation++;
    this.stopWorkers();
    this.running = false;
    this.error = 'Cancelled.';
  }

  /** "Open as variant": the winner as a new file that extends the open ruleset. */
  private openVariant(): void {
    const x = this.result;
    if (!x) return;
    const best = x.r.best[0]!;
    const stem = `${x.source.path.split('/').pop()!.replace(/\.ya?ml$/, '')}-tuned`;
    const detail: OpenVariantDetail = {
      stem,
      make: (extendsPath, id) => variantText({
        extendsPath, id, name: `${this.rulesetName || id} — tuned`, tunables: x.tunables, values: best.values,
        comment: [
          `Tuned in the Simulate tab: ${x.tunables.map((t, i) => `${t.name} = ${showValue(best.values[i]!)}`).join(', ')}.`,
          `Targets: ${x.targets.map((t) => `${t.label} = ${showTarget(t)}`).join('; ')}; ${x.players} players, bots ${x.seats.join(', ')}, seed ${x.seed}.`,
          `Measured over ${best.games} games: ${best.measures.map((m, i) => `${x.targets[i]!.label} ${showMeasure(x.targets[i]!, m.value)} (95% interval ${showMeasure(x.targets[i]!, m.low)} to ${showMeasure(x.targets[i]!, m.high)})`).join('; ')}.`,
          'These are the bots\' figures: check them at the table.',
          '',
        ],
      }),
    };
    this.dispatchEvent(new CustomEvent('open-variant', { detail, bubbles: true, composed: true }));
  }

  protected override updated(): void {
    const host = this.querySelector<HTMLElement>('.tune-chart');
    if (!host || !this.result) return;
    const key = String(this.generation);
    if (host.dataset.drawn === key) return;
    host.dataset.drawn = key;
    const x = this.result;
    void drawTuneChart(host, x.tunables, x.targets, x.r).then(() => { host.dataset.charts = String(host.querySelectorAll('canvas').length); });
  }

  private renderTunables() {
    const ts = this.info?.tunables ?? [];
    if (!ts.length) {
      return html`<p class="tune-none" data-tune-none>This ruleset declares no tunables. Add a <code>tunables:</code> list (an option, a table cell or a card's number
        field, with the values to try) — see the ruleset format — or use <code>babelkit tune --tune</code>.</p>`;
    }
    const set = (i: number, patch: Partial<Choice>) => { const c = this.choices.slice(); c[i] = { ...c[i]!, ...patch }; this.choices = c; };
    return html`<table class="sim-table tune-tunables"><thead><tr><th></th><th>Value to tune</th><th>now</th><th>try from</th><th>to</th><th>step</th></tr></thead>
      <tbody>${ts.map((t, i) => {
        const c = this.choices[i]!;
        return html`<tr data-tunable=${t.id}>
          <td><input type="checkbox" aria-label="Tune ${t.name}" .checked=${c.on} @change=${(e: Event) => set(i, { on: (e.target as HTMLInputElement).checked })} /></td>
          <td>${t.name}</td><td>${showValue(t.current)}</td>
          ${t.step !== null
            ? html`<td><input type="number" data-tune-low .value=${c.low} @change=${(e: Event) => set(i, { low: (e.target as HTMLInputElement).value })} /></td>
              <td><input type="number" data-tune-high .value=${c.high} @change=${(e: Event) => set(i, { high: (e.target as HTMLInputElement).value })} /></td>
              <td><input type="number" data-tune-step min="0" .value=${c.step} @change=${(e: Event) => set(i, { step: (e.target as HTMLInputElement).value })} /></td>`
            : html`<td colspan="3">${t.values.map(showValue).join(', ')}</td>`}
        </tr>`;
      })}</tbody></table>`;
  }

  private renderTargets() {
    const ms = this.info?.measures ?? [];
    const set = (i: number, patch: Partial<TargetRow>) => { const t = this.targets.slice(); t[i] = { ...t[i]!, ...patch }; this.targets = t; };
    return html`<div class="tune-targets">
      ${this.targets.map((t, i) => html`<div class="tune-target" data-tune-target=${i}>
        <label>Aim for <select data-tune-measure @change=${(e: Event) => { const name = (e.target as HTMLSelectElement).value; set(i, { name, value: ms.find((m) => m.name === name)?.suggest ?? t.value }); }}>
          ${ms.map((m) => html`<option value=${m.name} ?selected=${m.name === t.name}>${m.label}</option>`)}</select></label>
        <label title="A value (0.5 or 50% for a rate) or a range (40..60)">at <input type="text" data-tune-value .value=${t.value} @change=${(e: Event) => set(i, { value: (e.target as HTMLInputElement).value })} /></label>
        ${this.targets.length > 1 ? html`<button data-tune-remove-target title="Remove this target" @click=${() => (this.targets = this.targets.filter((_, k) => k !== i))}>Remove</button>` : nothing}
      </div>`)}
      ${ms.length ? html`<button data-tune-add-target @click=${() => (this.targets = [...this.targets, { name: ms[0]!.name, value: ms[0]!.suggest }])}>Add a target</button>` : nothing}
    </div>`;
  }

  private renderResult() {
    const x = this.result!;
    const { r, tunables, targets } = x;
    const values = (v: TuneValue[]) => v.map((y, i) => html`<span>${tunables[i]!.name} <b>${showValue(y)}</b></span>`);
    const measureCells = (ms: TuneResult['best'][number]['measures']) => ms.map((m, i) => html`<td style="white-space: nowrap" data-measure=${m.value}>${showMeasure(targets[i]!, m.value)}
      <small>(${showInterval(targets[i]!, m.low, m.high)})</small></td>`);
    return html`<div class="tune-result" data-tune-result data-played=${r.played}>
      <p>${r.method === 'NTBEA' ? 'Searched the settings with an N-tuple bandit (NTBEA)' : 'Tried every value, dropping the farther half each round (successive halving)'}:
        ${r.played} of ${r.budget} games, ${x.players} players, bots ${x.seats.join(', ')}, seed ${x.seed}. Every setting played the same deals. Measures with their 95% intervals.</p>
      <table class="sim-table" data-tune-best><thead><tr><th>Setting</th>${targets.map((t) => html`<th>${t.label} (aim: ${showTarget(t)})</th>`)}<th>games</th><th></th></tr></thead>
        <tbody>${r.best.map((b) => html`<tr data-best=${b.status} data-values=${JSON.stringify(b.values)}><td class="tune-values">${values(b.values)}</td>${measureCells(b.measures)}<td>${b.games}</td>
          <td>${b.status === 'best' ? html`<b>best</b>` : ''}</td></tr>`)}</tbody></table>
      ${tuneWarnings(r, targets).map((w) => html`<p class="sim-error" data-tune-warning>${w}</p>`)}
      <button class="primary" data-tune-open @click=${() => this.openVariant()}>Open as variant</button>
      <div class="tune-chart"></div>
      ${r.ruledOut.length ? html`<details class="tune-ruled-out" data-tune-ruled-out><summary>${r.ruledOut.length} setting${r.ruledOut.length === 1 ? '' : 's'} ruled out, and why</summary>
        <table class="sim-table"><tbody>${r.ruledOut.map((o) => html`<tr><td class="tune-values">${values(o.values)}</td><td>${o.why}</td></tr>`)}</tbody></table></details>` : nothing}
    </div>`;
  }

  protected override render() {
    return html`<section class="tune" data-tune-state=${this.running ? 'running' : this.result ? 'done' : 'idle'}>
      <h3>Tune</h3>
      <p class="tune-intro">Find the values that bring the game to the balance you want: the bots play each setting on the same deals, with the players, bots
        and seed above.</p>
      ${this.renderTunables()}
      ${this.renderTargets()}
      <div class="sim-form">
        <label>Budget (games) <input type="number" data-tune-budget min="10" max="1000000" .value=${String(this.budget)}
          @change=${(e: Event) => (this.budget = Math.max(10, Math.min(1_000_000, Math.floor(Number((e.target as HTMLInputElement).value) || 10))))} /></label>
        <button class="primary" data-tune-run ?disabled=${this.running || !this.info?.tunables.length} @click=${() => this.start()}>Tune</button>
        ${this.running ? html`<button data-tune-cancel @click=${() => this.cancel()}>Cancel</button>` : nothing}
      </div>
      ${this.running ? html`<div class="sim-progress"><progress data-tune-progress max=${this.budget} .value=${this.played}></progress> ${this.played} / ${this.budget} games</div>` : nothing}
      ${this.error ? html`<p class="sim-error" role="alert">${this.error}</p>` : nothing}
      ${this.result && !this.running ? this.renderResult() : nothing}
    </section>`;
  }
}

if (!customElements.get('bk-tune')) customElements.define('bk-tune', BkTune);

declare global {
  interface HTMLElementTagNameMap {
    'bk-tune': BkTune;
  }
}
