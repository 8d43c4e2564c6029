/**
 * Hand-written reference implementation of the "Babel Builders" core loop,
 * played by a uniform-random policy. Used only by the benchmark
 * (bench/playouts.ts) as a baseline for the generic, data-driven engine.
 *
 * Every decision with 2 or more legal options is taken uniformly at random and
 * counted in `actions`; single-option decisions are auto-resolved and consume
 * no randomness.
 */

export type HandwrittenOutcome = 'architects' | 'messenger';
export type HandwrittenEnding =
  | 'seal-success'
  | 'punishment-executed'
  | 'deck-exhausted'
  | 'punishment-confirmed';

export interface HandwrittenResult {
  outcome: HandwrittenOutcome;
  ending: HandwrittenEnding;
  actions: number;
}

// ---------------------------------------------------------------------------
// PRNG: sfc32, seeded through splitmix32.

class Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    let s = seed >>> 0;
    const next = (): number => {
      s = (s + 0x9e3779b9) | 0;
      let z = s;
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
      return (z ^ (z >>> 16)) >>> 0;
    };
    this.a = next();
    this.b = next();
    this.c = next();
    this.d = next();
    for (let i = 0; i < 12; i++) this.u32();
  }

  u32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform integer in [0, n). */
  int(n: number): number {
    return Math.floor((this.u32() / 4294967296) * n);
  }

  shuffle(arr: number[]): void {
    for (let i = arr.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      const t = arr[i]!;
      arr[i] = arr[j]!;
      arr[j] = t;
    }
  }
}

// ---------------------------------------------------------------------------
// Static card table. Cells are numbered col + 3 * row (A1 = 0, B1 = 1, ... C3 = 8).

export const INSTRUCTION = 0;
export const LIGHTNING = 1;
export const STORM = 2;
export const DELIBERATION = 3;
export const DP = 4;
export const SEAL = 5;

const KIND: number[] = [];
const CELLS: number[][] = [];
const BLOCKS: number[] = [];

function cellIndex(name: string): number {
  return (name.charCodeAt(0) - 65) + 3 * (name.charCodeAt(1) - 49);
}

export function cellName(cell: number): string {
  return 'ABC'[cell % 3]! + String(Math.floor(cell / 3) + 1);
}

function addCard(kind: number, cells: number[] = [], blocks = 0): number {
  KIND.push(kind);
  CELLS.push(cells);
  BLOCKS.push(blocks);
  return KIND.length - 1;
}

// 1-block: each column and each row, x3 (18 cards).
for (let copy = 0; copy < 3; copy++) {
  for (let c = 0; c < 3; c++) addCard(INSTRUCTION, [c, c + 3, c + 6], 1);
  for (let r = 0; r < 3; r++) addCard(INSTRUCTION, [3 * r, 3 * r + 1, 3 * r + 2], 1);
}
// 2-block: the 12 orthogonally adjacent pairs (12 cards).
for (const pair of [
  'A1-B1', 'B1-C1', 'A2-B2', 'B2-C2', 'A3-B3', 'B3-C3',
  'A1-A2', 'A2-A3', 'B1-B2', 'B2-B3', 'C1-C2', 'C2-C3',
]) {
  addCard(INSTRUCTION, pair.split('-').map(cellIndex), 2);
}
// 3-block: one per cell (9 cards).
for (let cell = 0; cell < 9; cell++) addCard(INSTRUCTION, [cell], 3);
const FIRST_LIGHTNING = KIND.length;
for (let i = 0; i < 5; i++) addCard(LIGHTNING);
for (let i = 0; i < 5; i++) addCard(STORM);
for (let i = 0; i < 4; i++) addCard(DELIBERATION);
const FIRST_DP = KIND.length;
for (let i = 0; i < 4; i++) addCard(DP);
const FIRST_SEAL = KIND.length;
for (let i = 0; i < 9; i++) addCard(SEAL);

/** Kind of a card index (INSTRUCTION, LIGHTNING, ...). */
export function cardKind(card: number): number {
  return KIND[card]!;
}

/** Blueprints as [cell, height] requirements. */
const BLUEPRINTS: ReadonlyArray<ReadonlyArray<readonly [number, number]>> = [
  'C1:3 B2:8 A3:3', 'A1:3 B2:8 C3:3', 'B1:3 B2:8 B3:3', 'A2:3 B2:8 C2:3', 'A1:8 B2:3 C3:3',
  'C3:8 A1:3 B2:3', 'A2:4 C2:4 B3:6', 'B1:7 A3:3 C3:4', 'B2:6 A1:4 C1:4',
].map((spec) =>
  spec.split(' ').map((req) => {
    const [cell, h] = req.split(':');
    return [cellIndex(cell!), Number(h)] as const;
  }),
);

/** players -> [DP cards, Seal cards, architects appointed per round]. */
const PLAYER_TABLE: Record<number, readonly [number, number, number]> = {
  5: [1, 3, 3], 6: [2, 5, 3], 7: [2, 5, 4], 8: [3, 7, 4], 9: [3, 7, 4], 10: [4, 9, 4],
};

const SUPPLY = 25;

// ---------------------------------------------------------------------------
// Debug hook (tests only): a read-only view of the zones at checkpoints.

export interface HandwrittenDebugView {
  readonly phase: string;
  readonly players: number;
  readonly totalCards: number;
  readonly messenger: number;
  readonly zealot: ArrayLike<number>;
  readonly deck: readonly number[];
  readonly hands: readonly (readonly number[])[];
  readonly discards: readonly (readonly number[])[];
  readonly received: readonly number[];
  readonly out: readonly number[];
  readonly grid: ArrayLike<number>;
  readonly supply: number;
}

export type HandwrittenHook = (view: HandwrittenDebugView) => void;

// ---------------------------------------------------------------------------

function removeAt(arr: number[], i: number): number {
  const card = arr[i]!;
  arr[i] = arr[arr.length - 1]!;
  arr.pop();
  return card;
}

class Game {
  readonly rng: Rng;
  readonly n: number;
  readonly k: number;
  readonly totalCards: number;
  readonly hook: HandwrittenHook | undefined;
  actions = 0;

  messenger = 0;
  readonly zealot: Uint8Array;
  readonly deck: number[];
  readonly hands: number[][] = [];
  readonly discards: number[][] = [];
  readonly received: number[] = [];
  readonly out: number[] = [];
  readonly grid = new Int32Array(9);
  supply = SUPPLY;
  blueprint: ReadonlyArray<readonly [number, number]> = BLUEPRINTS[0]!;
  master = 0;
  stormed = false;

  // Scratch arrays, reused.
  private readonly appointed: number[] = [];
  private readonly others: number[] = [];

  constructor(players: number, seed: number, hook: HandwrittenHook | undefined) {
    const row = PLAYER_TABLE[players];
    if (!row) throw new RangeError(`Babel Builders needs 5-10 players, got ${players}`);
    const [dpCount, sealCount, k] = row;
    this.n = players;
    this.k = k;
    this.hook = hook;
    this.rng = new Rng(seed);
    this.zealot = new Uint8Array(players);
    this.totalCards = FIRST_DP + dpCount + sealCount;
    for (let i = 0; i < players; i++) {
      this.hands.push([]);
      this.discards.push([]);
    }

    const rng = this.rng;
    this.messenger = rng.int(players);
    this.blueprint = BLUEPRINTS[rng.int(BLUEPRINTS.length)]!;

    // The deck's top is the end of the array.
    const deck: number[] = [];
    for (let c = 0; c < FIRST_DP; c++) deck.push(c);
    for (let i = 0; i < sealCount; i++) deck.push(FIRST_SEAL + i);
    rng.shuffle(deck);
    this.deck = deck;

    const deal = deck.splice(deck.length - (3 * players - 1));
    deal.push(FIRST_DP);
    rng.shuffle(deal);
    for (let p = 0; p < players; p++) {
      const hand = this.hands[p]!;
      for (let j = 0; j < 3; j++) hand.push(deal[3 * p + j]!);
    }
    if (players >= 6) {
      const seeded = deck.splice(deck.length - 2 * players);
      for (let i = 1; i < dpCount; i++) seeded.push(FIRST_DP + i);
      rng.shuffle(seeded);
      for (const c of seeded) deck.push(c);
    }
    for (let p = 0; p < players; p++) {
      if (p !== this.messenger && this.hands[p]!.some((c) => KIND[c] === DP)) this.zealot[p] = 1;
    }
    this.master = rng.int(players);
    this.check('setup');
  }

  /** A uniform decision among n options; counted only when n >= 2. */
  choose(n: number): number {
    if (n <= 1) return 0;
    this.actions++;
    return this.rng.int(n);
  }

  check(phase: string): void {
    if (this.hook) {
      this.hook({
        phase,
        players: this.n,
        totalCards: this.totalCards,
        messenger: this.messenger,
        zealot: this.zealot,
        deck: this.deck,
        hands: this.hands,
        discards: this.discards,
        received: this.received,
        out: this.out,
        grid: this.grid,
        supply: this.supply,
      });
    }
  }

  /** Chooses one of the non-DP cards of a hand (a decision if 2+); its position, or -1 if none. */
  chooseNonDp(hand: number[]): number {
    let count = 0;
    for (let i = 0; i < hand.length; i++) if (KIND[hand[i]!] !== DP) count++;
    if (count === 0) return -1;
    let pick = this.choose(count);
    for (let i = 0; i < hand.length; i++) {
      if (KIND[hand[i]!] !== DP && pick-- === 0) return i;
    }
    return -1;
  }

  gainCard(seat: number, card: number): void {
    this.hands[seat]!.push(card);
    if (KIND[card] === DP && seat !== this.messenger) this.zealot[seat] = 1;
  }

  play(): HandwrittenResult {
    const { n, k, hands, received, appointed, others } = this;
    for (;;) {
      // a. APPOINT: one decision over all k-combinations of the other players.
      others.length = 0;
      for (let p = 0; p < n; p++) if (p !== this.master) others.push(p);
      this.actions++; // C(n-1, k) >= 2 for every supported player count
      for (let i = 0; i < k; i++) {
        const j = i + this.rng.int(others.length - i);
        const t = others[i]!;
        others[i] = others[j]!;
        others[j] = t;
      }
      appointed.length = 0;
      for (let i = 0; i < k; i++) appointed.push(others[i]!);
      appointed.sort((x, y) => x - y);

      // b. SELECT.
      received.length = 0;
      for (const a of appointed) {
        const hand = hands[a]!;
        let forced = false;
        if (a === this.messenger || this.zealot[a]) {
          let keep = a === this.messenger ? 0 : 1;
          for (let i = hand.length - 1; i >= 0; i--) {
            if (KIND[hand[i]!] !== DP) continue;
            if (keep > 0) {
              keep--;
              continue;
            }
            received.push(removeAt(hand, i));
            forced = true;
          }
        }
        if (!forced) {
          const i = this.chooseNonDp(hand);
          if (i >= 0) received.push(removeAt(hand, i));
        }
        const i = this.chooseNonDp(hand);
        if (i >= 0) this.discards[a]!.push(removeAt(hand, i));
      }
      this.check('select');

      // c. RESOLVE.
      this.stormed = false;
      let dpReceived = 0;
      for (let i = received.length - 1; i >= 0; i--) {
        const kind = KIND[received[i]!];
        if (kind === STORM) {
          this.out.push(removeAt(received, i));
          this.stormed = true;
        } else if (kind === DP) {
          dpReceived++;
        }
      }
      if (dpReceived >= 2) return this.end('messenger', 'punishment-confirmed');

      // d. SWAP.
      if (received.length > 0) {
        const masterHand = hands[this.master]!;
        if (masterHand.every((c) => KIND[c] === DP)) return this.end('messenger', 'punishment-confirmed');
        let take = -1;
        if (dpReceived > 0) {
          for (let i = 0; i < received.length; i++) if (KIND[received[i]!] === DP) take = i;
        } else {
          take = this.choose(received.length);
        }
        const taken = removeAt(received, take);
        // The discard is chosen from the hand as it was before taking.
        this.out.push(removeAt(masterHand, this.chooseNonDp(masterHand)));
        this.gainCard(this.master, taken);
      }
      this.check('swap');

      // e. REVEAL.
      while (received.length > 0) {
        const card = removeAt(received, this.choose(received.length));
        this.reveal(card);
        this.out.push(card);
      }
      this.check('reveal');

      // f. CHECK.
      if (this.blueprintMet()) return this.endPhases();

      // g. REFILL.
      for (const a of appointed) {
        while (hands[a]!.length < 3) {
          const card = this.deck.pop();
          if (card === undefined) return this.end('messenger', 'deck-exhausted');
          this.gainCard(a, card);
        }
      }
      this.check('refill');

      // h. NEW MASTER.
      const r = this.choose(n - 1);
      this.master = r >= this.master ? r + 1 : r;
    }
  }

  reveal(card: number): void {
    const grid = this.grid;
    switch (KIND[card]) {
      case INSTRUCTION: {
        if (this.stormed) return;
        const cells = CELLS[card]!;
        const cell = cells[this.choose(cells.length)]!;
        const placed = Math.min(BLOCKS[card]!, this.supply);
        grid[cell]! += placed;
        this.supply -= placed;
        return;
      }
      case LIGHTNING: {
        let max = 0;
        let tied = 0;
        for (let c = 0; c < 9; c++) {
          if (grid[c]! > max) {
            max = grid[c]!;
            tied = 1;
          } else if (grid[c] === max) {
            tied++;
          }
        }
        if (max === 0) return;
        let pick = this.choose(tied);
        for (let c = 0; c < 9; c++) {
          if (grid[c] !== max) continue;
          if (pick-- === 0) {
            const removed = Math.min(2, max);
            grid[c]! -= removed;
            this.supply += removed;
            return;
          }
        }
        return;
      }
      case DELIBERATION:
        // The chosen architect's discard pile is revealed: information only.
        this.choose(this.appointed.length);
        return;
      default:
        // Seal: no effect. (DP never reaches the reveal: the Master took it.)
        return;
    }
  }

  blueprintMet(): boolean {
    for (const [cell, h] of this.blueprint) if (this.grid[cell]! < h) return false;
    return true;
  }

  endPhases(): HandwrittenResult {
    const { n, hands, messenger } = this;

    // SEAL: simultaneous; who may seal is fixed at the start of the phase.
    const sealers: number[] = [];
    for (let p = 0; p < n; p++) if (hands[p]!.some((c) => KIND[c] === SEAL)) sealers.push(p);
    let sealsToMessenger = 0;
    for (const p of sealers) {
      const r = this.choose(n); // n - 1 targets + "none"
      if (r === n - 1) continue;
      const target = r >= p ? r + 1 : r;
      const hand = hands[p]!;
      const i = hand.findIndex((c) => KIND[c] === SEAL);
      hands[target]!.push(removeAt(hand, i));
      if (target === messenger) sealsToMessenger++;
    }
    this.check('seal');

    // PUNISHMENT: the Zealots (as of the start of the phase) point simultaneously; each hands the DP
    // cards of their own hand to one target.
    const zealots: number[] = [];
    for (let p = 0; p < n; p++) if (this.zealot[p]) zealots.push(p);
    let dpToMessenger = 0;
    for (const p of zealots) {
      const r = this.choose(n - 1);
      const target = r >= p ? r + 1 : r;
      const hand = hands[p]!;
      // the cards go to a pile in front of the target (not into a hand), so they are never passed on
      for (let i = hand.length - 1; i >= 0; i--) {
        if (KIND[hand[i]!] !== DP) continue;
        this.out.push(removeAt(hand, i));
        if (target === messenger) dpToMessenger++;
      }
    }
    this.check('punishment');

    return dpToMessenger >= sealsToMessenger
      ? this.end('messenger', 'punishment-executed')
      : this.end('architects', 'seal-success');
  }

  end(outcome: HandwrittenOutcome, ending: HandwrittenEnding): HandwrittenResult {
    this.check('end');
    return { outcome, ending, actions: this.actions };
  }
}

/** Plays one uniform-random game of Babel Builders with a hand-written rules implementation. */
export function playHandwritten(players: number, seed: number): HandwrittenResult {
  return new Game(players, seed, undefined).play();
}

/** Same as playHandwritten, calling `hook` at every phase checkpoint (tests only). */
export function playHandwrittenWithHook(
  players: number,
  seed: number,
  hook: HandwrittenHook,
): HandwrittenResult {
  return new Game(players, seed, hook).play();
}

/** Number of Lightning/Storm/... cards, exposed for tests. */
export const CARD_COUNTS = {
  instruction: FIRST_LIGHTNING,
  total: KIND.length,
  firstDp: FIRST_DP,
  firstSeal: FIRST_SEAL,
} as const;
