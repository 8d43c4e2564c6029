// The 7 Wonders base game (first edition) as printed, one entry per distinct card and per wonder stage, written
// out from the rulebook's card lists independently of rulesets/7-wonders.yaml: the rules scenarios compare the
// ruleset's cards against it and the whole-game tests score the cities with it by hand.
// `copies` is the number of copies in a game of 3/4/5/6/7 players (from the labels printed on the cards).

export type Resource = 'wood' | 'stone' | 'ore' | 'clay' | 'glass' | 'papyrus' | 'loom';
export type Color = 'brown' | 'grey' | 'yellow' | 'blue' | 'green' | 'red' | 'purple';
export type Symbol = 'compass' | 'gear' | 'tablet';

export interface PrintedCard {
  name: string;
  age: 1 | 2 | 3;
  color: Color;
  /** copies at 3, 4, 5, 6 and 7 players (guilds: none, N + 2 of the 10 are drawn) */
  copies?: [number, number, number, number, number];
  coins?: number;
  cost?: Partial<Record<Resource, number>>;
  chainFrom?: string[];
  produces?: Partial<Record<Resource, number>>;
  either?: Resource[];
  sellable?: false;
  points?: number;
  shields?: number;
  science?: Symbol;
  wild?: number;
  coinsNow?: number;
  trade?: { kinds: 'raw' | 'goods'; from: 'left' | 'right' | 'both' };
  /** coins when built and points at the end, per counted item, in the owner's city, the neighbours' or all three */
  per?: { coins: number; points: number; count: Color[] | 'stages' | 'defeats'; where: 'own' | 'neighbours' | 'all' };
  text: string;
}

export const CARDS: PrintedCard[] = [
  // Age I
  { name: 'Clay Pit', age: 1, color: 'brown', copies: [1, 1, 1, 1, 1], coins: 1, either: ['ore', 'clay'], text: 'Produces Ore or Clay (one of them, each turn)' },
  { name: 'Clay Pool', age: 1, color: 'brown', copies: [1, 1, 2, 2, 2], produces: { clay: 1 }, text: 'Produces 1 Clay' },
  { name: 'Excavation', age: 1, color: 'brown', copies: [0, 1, 1, 1, 1], coins: 1, either: ['stone', 'clay'], text: 'Produces Stone or Clay (one of them, each turn)' },
  { name: 'Forest Cave', age: 1, color: 'brown', copies: [0, 0, 1, 1, 1], coins: 1, either: ['wood', 'ore'], text: 'Produces Wood or Ore (one of them, each turn)' },
  { name: 'Lumber Yard', age: 1, color: 'brown', copies: [1, 2, 2, 2, 2], produces: { wood: 1 }, text: 'Produces 1 Wood' },
  { name: 'Mine', age: 1, color: 'brown', copies: [0, 0, 0, 1, 1], coins: 1, either: ['stone', 'ore'], text: 'Produces Stone or Ore (one of them, each turn)' },
  { name: 'Ore Vein', age: 1, color: 'brown', copies: [1, 2, 2, 2, 2], produces: { ore: 1 }, text: 'Produces 1 Ore' },
  { name: 'Stone Pit', age: 1, color: 'brown', copies: [1, 1, 2, 2, 2], produces: { stone: 1 }, text: 'Produces 1 Stone' },
  { name: 'Timber Yard', age: 1, color: 'brown', copies: [1, 1, 1, 1, 1], coins: 1, either: ['wood', 'stone'], text: 'Produces Wood or Stone (one of them, each turn)' },
  { name: 'Tree Farm', age: 1, color: 'brown', copies: [0, 0, 0, 1, 1], coins: 1, either: ['wood', 'clay'], text: 'Produces Wood or Clay (one of them, each turn)' },
  { name: 'Glassworks', age: 1, color: 'grey', copies: [1, 1, 1, 2, 2], produces: { glass: 1 }, text: 'Produces 1 Glass' },
  { name: 'Loom', age: 1, color: 'grey', copies: [1, 1, 1, 2, 2], produces: { loom: 1 }, text: 'Produces 1 Loom (textile)' },
  { name: 'Press', age: 1, color: 'grey', copies: [1, 1, 1, 2, 2], produces: { papyrus: 1 }, text: 'Produces 1 Papyrus' },
  { name: 'East Trading Post', age: 1, color: 'yellow', copies: [1, 1, 1, 1, 2], trade: { kinds: 'raw', from: 'right' }, text: 'Buy Clay/Stone/Ore/Wood from right (East) neighbour for 1 coin instead of 2' },
  { name: 'Marketplace', age: 1, color: 'yellow', copies: [1, 1, 1, 2, 2], trade: { kinds: 'goods', from: 'both' }, text: 'Buy Loom (textile)/Glass/Papyrus from left (West) neighbour & right (East) neighbour for 1 coin instead of 2' },
  { name: 'Tavern', age: 1, color: 'yellow', copies: [0, 1, 2, 2, 3], coinsNow: 5, text: '+5 coins (once, when built)' },
  { name: 'West Trading Post', age: 1, color: 'yellow', copies: [1, 1, 1, 1, 2], trade: { kinds: 'raw', from: 'left' }, text: 'Buy Clay/Stone/Ore/Wood from left (West) neighbour for 1 coin instead of 2' },
  { name: 'Altar', age: 1, color: 'blue', copies: [1, 1, 2, 2, 2], points: 2, text: '2 VP' },
  { name: 'Baths', age: 1, color: 'blue', copies: [1, 1, 1, 1, 2], cost: { stone: 1 }, points: 3, text: '3 VP' },
  { name: 'Pawnshop', age: 1, color: 'blue', copies: [0, 1, 1, 1, 2], points: 3, text: '3 VP' },
  { name: 'Theater', age: 1, color: 'blue', copies: [1, 1, 1, 2, 2], points: 2, text: '2 VP' },
  { name: 'Apothecary', age: 1, color: 'green', copies: [1, 1, 2, 2, 2], cost: { loom: 1 }, science: 'compass', text: 'Science: compass' },
  { name: 'Scriptorium', age: 1, color: 'green', copies: [1, 2, 2, 2, 2], cost: { papyrus: 1 }, science: 'tablet', text: 'Science: tablet' },
  { name: 'Workshop', age: 1, color: 'green', copies: [1, 1, 1, 1, 2], cost: { glass: 1 }, science: 'gear', text: 'Science: gear (wheel)' },
  { name: 'Barracks', age: 1, color: 'red', copies: [1, 1, 2, 2, 2], cost: { ore: 1 }, shields: 1, text: '1 shield' },
  { name: 'Guard Tower', age: 1, color: 'red', copies: [1, 2, 2, 2, 2], cost: { clay: 1 }, shields: 1, text: '1 shield' },
  { name: 'Stockade', age: 1, color: 'red', copies: [1, 1, 1, 1, 2], cost: { wood: 1 }, shields: 1, text: '1 shield' },
  // Age II
  { name: 'Brickyard', age: 2, color: 'brown', copies: [1, 2, 2, 2, 2], coins: 1, produces: { clay: 2 }, text: 'Produces 2 Clay' },
  { name: 'Foundry', age: 2, color: 'brown', copies: [1, 2, 2, 2, 2], coins: 1, produces: { ore: 2 }, text: 'Produces 2 Ore' },
  { name: 'Quarry', age: 2, color: 'brown', copies: [1, 2, 2, 2, 2], coins: 1, produces: { stone: 2 }, text: 'Produces 2 Stone' },
  { name: 'Sawmill', age: 2, color: 'brown', copies: [1, 2, 2, 2, 2], coins: 1, produces: { wood: 2 }, text: 'Produces 2 Wood' },
  { name: 'Glassworks', age: 2, color: 'grey', copies: [1, 1, 2, 2, 2], produces: { glass: 1 }, text: 'Produces 1 Glass' },
  { name: 'Loom', age: 2, color: 'grey', copies: [1, 1, 2, 2, 2], produces: { loom: 1 }, text: 'Produces 1 Loom (textile)' },
  { name: 'Press', age: 2, color: 'grey', copies: [1, 1, 2, 2, 2], produces: { papyrus: 1 }, text: 'Produces 1 Papyrus' },
  { name: 'Bazar', age: 2, color: 'yellow', copies: [0, 1, 1, 1, 2], per: { coins: 2, points: 0, count: ['grey'], where: 'all' }, text: '2 coin(s) immediately per each grey card in own city + left neighbour + right neighbour' },
  { name: 'Caravansery', age: 2, color: 'yellow', copies: [1, 1, 2, 3, 3], cost: { wood: 2 }, chainFrom: ['Marketplace'], either: ['wood', 'stone', 'ore', 'clay'], sellable: false, text: 'Produces Wood or Stone or Ore or Clay (one of them, each turn) — NOT buyable by neighbours' },
  { name: 'Forum', age: 2, color: 'yellow', copies: [1, 1, 1, 2, 3], cost: { clay: 2 }, chainFrom: ['East Trading Post', 'West Trading Post'], either: ['glass', 'papyrus', 'loom'], sellable: false, text: 'Produces Glass or Papyrus or Loom (textile) (one of them, each turn) — NOT buyable by neighbours' },
  { name: 'Vineyard', age: 2, color: 'yellow', copies: [1, 1, 1, 2, 2], per: { coins: 1, points: 0, count: ['brown'], where: 'all' }, text: '1 coin(s) immediately per each brown card in own city + left neighbour + right neighbour' },
  { name: 'Aqueduct', age: 2, color: 'blue', copies: [1, 1, 1, 1, 2], cost: { stone: 3 }, chainFrom: ['Baths'], points: 5, text: '5 VP' },
  { name: 'Courthouse', age: 2, color: 'blue', copies: [1, 1, 2, 2, 2], cost: { clay: 2, loom: 1 }, chainFrom: ['Scriptorium'], points: 4, text: '4 VP' },
  { name: 'Statue', age: 2, color: 'blue', copies: [1, 1, 1, 1, 2], cost: { wood: 1, ore: 2 }, chainFrom: ['Theater'], points: 4, text: '4 VP' },
  { name: 'Temple', age: 2, color: 'blue', copies: [1, 1, 1, 2, 2], cost: { wood: 1, clay: 1, glass: 1 }, chainFrom: ['Altar'], points: 3, text: '3 VP' },
  { name: 'Dispensary', age: 2, color: 'green', copies: [1, 2, 2, 2, 2], cost: { ore: 2, glass: 1 }, chainFrom: ['Apothecary'], science: 'compass', text: 'Science: compass' },
  { name: 'Laboratory', age: 2, color: 'green', copies: [1, 1, 2, 2, 2], cost: { clay: 2, papyrus: 1 }, chainFrom: ['Workshop'], science: 'gear', text: 'Science: gear (wheel)' },
  { name: 'Library', age: 2, color: 'green', copies: [1, 1, 1, 2, 2], cost: { stone: 2, loom: 1 }, chainFrom: ['Scriptorium'], science: 'tablet', text: 'Science: tablet' },
  { name: 'School', age: 2, color: 'green', copies: [1, 1, 1, 1, 2], cost: { wood: 1, papyrus: 1 }, science: 'tablet', text: 'Science: tablet' },
  { name: 'Archery Range', age: 2, color: 'red', copies: [1, 1, 1, 2, 2], cost: { wood: 2, ore: 1 }, chainFrom: ['Workshop'], shields: 2, text: '2 shields' },
  { name: 'Stables', age: 2, color: 'red', copies: [1, 1, 2, 2, 2], cost: { wood: 1, ore: 1, clay: 1 }, chainFrom: ['Apothecary'], shields: 2, text: '2 shields' },
  { name: 'Training Ground', age: 2, color: 'red', copies: [0, 1, 1, 2, 3], cost: { wood: 1, ore: 2 }, shields: 2, text: '2 shields' },
  { name: 'Walls', age: 2, color: 'red', copies: [1, 1, 1, 1, 2], cost: { stone: 3 }, shields: 2, text: '2 shields' },
  // Age III
  { name: 'Arena', age: 3, color: 'yellow', copies: [1, 1, 2, 2, 3], cost: { stone: 2, ore: 1 }, chainFrom: ['Dispensary'], per: { coins: 3, points: 1, count: 'stages', where: 'own' }, text: '3 coin(s) immediately and 1 VP at game end per each built Wonder stage in own city' },
  { name: 'Chamber of Commerce', age: 3, color: 'yellow', copies: [0, 1, 1, 2, 2], cost: { clay: 2, papyrus: 1 }, per: { coins: 2, points: 2, count: ['grey'], where: 'own' }, text: '2 coin(s) immediately and 2 VP at game end per each grey card in own city' },
  { name: 'Haven', age: 3, color: 'yellow', copies: [1, 2, 2, 2, 2], cost: { wood: 1, ore: 1, loom: 1 }, chainFrom: ['Forum'], per: { coins: 1, points: 1, count: ['brown'], where: 'own' }, text: '1 coin(s) immediately and 1 VP at game end per each brown card in own city' },
  { name: 'Lighthouse', age: 3, color: 'yellow', copies: [1, 1, 1, 2, 2], cost: { stone: 1, glass: 1 }, chainFrom: ['Caravansery'], per: { coins: 1, points: 1, count: ['yellow'], where: 'own' }, text: '1 coin(s) immediately and 1 VP at game end per each yellow card in own city' },
  { name: 'Gardens', age: 3, color: 'blue', copies: [1, 2, 2, 2, 2], cost: { wood: 1, clay: 2 }, chainFrom: ['Statue'], points: 5, text: '5 VP' },
  { name: 'Palace', age: 3, color: 'blue', copies: [1, 1, 1, 1, 2], cost: { wood: 1, stone: 1, ore: 1, clay: 1, glass: 1, papyrus: 1, loom: 1 }, points: 8, text: '8 VP' },
  { name: 'Pantheon', age: 3, color: 'blue', copies: [1, 1, 1, 2, 2], cost: { ore: 1, clay: 2, glass: 1, papyrus: 1, loom: 1 }, chainFrom: ['Temple'], points: 7, text: '7 VP' },
  { name: 'Senate', age: 3, color: 'blue', copies: [1, 1, 2, 2, 2], cost: { wood: 2, stone: 1, ore: 1 }, chainFrom: ['Library'], points: 6, text: '6 VP' },
  { name: 'Town Hall', age: 3, color: 'blue', copies: [1, 1, 2, 3, 3], cost: { stone: 2, ore: 1, glass: 1 }, points: 6, text: '6 VP' },
  { name: 'Academy', age: 3, color: 'green', copies: [1, 1, 1, 1, 2], cost: { stone: 3, glass: 1 }, chainFrom: ['School'], science: 'compass', text: 'Science: compass' },
  { name: 'Lodge', age: 3, color: 'green', copies: [1, 1, 1, 2, 2], cost: { clay: 2, papyrus: 1, loom: 1 }, chainFrom: ['Dispensary'], science: 'compass', text: 'Science: compass' },
  { name: 'Observatory', age: 3, color: 'green', copies: [1, 1, 1, 1, 2], cost: { ore: 2, glass: 1, loom: 1 }, chainFrom: ['Laboratory'], science: 'gear', text: 'Science: gear (wheel)' },
  { name: 'Study', age: 3, color: 'green', copies: [1, 1, 2, 2, 2], cost: { wood: 1, papyrus: 1, loom: 1 }, chainFrom: ['School'], science: 'gear', text: 'Science: gear (wheel)' },
  { name: 'University', age: 3, color: 'green', copies: [1, 2, 2, 2, 2], cost: { wood: 2, glass: 1, papyrus: 1 }, chainFrom: ['Library'], science: 'tablet', text: 'Science: tablet' },
  { name: 'Arsenal', age: 3, color: 'red', copies: [1, 2, 2, 2, 3], cost: { wood: 2, ore: 1, loom: 1 }, shields: 3, text: '3 shields' },
  { name: 'Circus', age: 3, color: 'red', copies: [0, 1, 2, 3, 3], cost: { stone: 3, ore: 1 }, chainFrom: ['Training Ground'], shields: 3, text: '3 shields' },
  { name: 'Fortifications', age: 3, color: 'red', copies: [1, 1, 1, 1, 2], cost: { stone: 1, ore: 3 }, chainFrom: ['Walls'], shields: 3, text: '3 shields' },
  { name: 'Siege Workshop', age: 3, color: 'red', copies: [1, 1, 2, 2, 2], cost: { wood: 1, clay: 3 }, chainFrom: ['Laboratory'], shields: 3, text: '3 shields' },
  // Guilds
  { name: 'Builders Guild', age: 3, color: 'purple', cost: { stone: 2, clay: 2, glass: 1 }, per: { coins: 0, points: 1, count: 'stages', where: 'all' }, text: '1 VP at game end per each built Wonder stage in left neighbour + own city + right neighbour' },
  { name: 'Craftsmens Guild', age: 3, color: 'purple', cost: { stone: 2, ore: 2 }, per: { coins: 0, points: 2, count: ['grey'], where: 'neighbours' }, text: '2 VP at game end per each grey card in left neighbour + right neighbour' },
  { name: 'Magistrates Guild', age: 3, color: 'purple', cost: { wood: 3, stone: 1, loom: 1 }, per: { coins: 0, points: 1, count: ['blue'], where: 'neighbours' }, text: '1 VP at game end per each blue card in left neighbour + right neighbour' },
  { name: 'Philosophers Guild', age: 3, color: 'purple', cost: { clay: 3, papyrus: 1, loom: 1 }, per: { coins: 0, points: 1, count: ['green'], where: 'neighbours' }, text: '1 VP at game end per each green card in left neighbour + right neighbour' },
  { name: 'Scientists Guild', age: 3, color: 'purple', cost: { wood: 2, ore: 2, papyrus: 1 }, wild: 1, text: 'Science: any 1 science symbol of choice (chosen at game end)' },
  { name: 'Shipowners Guild', age: 3, color: 'purple', cost: { wood: 3, glass: 1, papyrus: 1 }, per: { coins: 0, points: 1, count: ['brown', 'grey', 'purple'], where: 'own' }, text: '1 VP at game end per each brown/grey/purple card in own city' },
  { name: 'Spies Guild', age: 3, color: 'purple', cost: { clay: 3, glass: 1 }, per: { coins: 0, points: 1, count: ['red'], where: 'neighbours' }, text: '1 VP at game end per each red card in left neighbour + right neighbour' },
  { name: 'Strategists Guild', age: 3, color: 'purple', cost: { stone: 1, ore: 2, loom: 1 }, per: { coins: 0, points: 1, count: 'defeats', where: 'neighbours' }, text: '1 VP at game end per each Defeat (-1) token in left neighbour + right neighbour' },
  { name: 'Traders Guild', age: 3, color: 'purple', cost: { glass: 1, papyrus: 1, loom: 1 }, per: { coins: 0, points: 1, count: ['yellow'], where: 'neighbours' }, text: '1 VP at game end per each yellow card in left neighbour + right neighbour' },
  { name: 'Workers Guild', age: 3, color: 'purple', cost: { wood: 1, stone: 1, ore: 2, clay: 1 }, per: { coins: 0, points: 1, count: ['brown'], where: 'neighbours' }, text: '1 VP at game end per each brown card in left neighbour + right neighbour' },
];

export interface PrintedStage {
  wonder: string;
  side: 'A' | 'B';
  /** the board's starting resource */
  start: Resource;
  stage: number;
  cost: Partial<Record<Resource, number>>;
  points?: number;
  shields?: number;
  coinsNow?: number;
  either?: Resource[];
  sellable?: false;
  wild?: number;
  trade?: { kinds: 'raw' | 'goods'; from: 'left' | 'right' | 'both' };
  power?: 'freeBuild' | 'buildDiscard' | 'playSeventh' | 'copyGuild';
  text: string;
}

export const STAGES: PrintedStage[] = [
  { wonder: 'Alexandria', side: 'A', start: 'glass', stage: 1, cost: { stone: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Alexandria', side: 'A', start: 'glass', stage: 2, cost: { ore: 2 }, either: ['wood', 'stone', 'ore', 'clay'], sellable: false, text: 'Produces Wood or Stone or Ore or Clay (one of them, each turn) — NOT buyable by neighbours' },
  { wonder: 'Alexandria', side: 'A', start: 'glass', stage: 3, cost: { glass: 2 }, points: 7, text: '7 VP' },
  { wonder: 'Alexandria', side: 'B', start: 'glass', stage: 1, cost: { clay: 2 }, either: ['wood', 'stone', 'ore', 'clay'], sellable: false, text: 'Produces Wood or Stone or Ore or Clay (one of them, each turn) — NOT buyable by neighbours' },
  { wonder: 'Alexandria', side: 'B', start: 'glass', stage: 2, cost: { wood: 2 }, either: ['glass', 'papyrus', 'loom'], sellable: false, text: 'Produces Glass or Papyrus or Loom (textile) (one of them, each turn) — NOT buyable by neighbours' },
  { wonder: 'Alexandria', side: 'B', start: 'glass', stage: 3, cost: { stone: 3 }, points: 7, text: '7 VP' },
  { wonder: 'Babylon', side: 'A', start: 'clay', stage: 1, cost: { clay: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Babylon', side: 'A', start: 'clay', stage: 2, cost: { wood: 3 }, wild: 1, text: 'Science: any 1 science symbol of choice (chosen at game end)' },
  { wonder: 'Babylon', side: 'A', start: 'clay', stage: 3, cost: { clay: 4 }, points: 7, text: '7 VP' },
  { wonder: 'Babylon', side: 'B', start: 'clay', stage: 1, cost: { clay: 1, loom: 1 }, points: 3, text: '3 VP' },
  { wonder: 'Babylon', side: 'B', start: 'clay', stage: 2, cost: { wood: 2, glass: 1 }, power: 'playSeventh', text: 'may play the 7th (last) card of each Age instead of discarding it' },
  { wonder: 'Babylon', side: 'B', start: 'clay', stage: 3, cost: { clay: 3, papyrus: 1 }, wild: 1, text: 'Science: any 1 science symbol of choice (chosen at game end)' },
  { wonder: 'Ephesos', side: 'A', start: 'papyrus', stage: 1, cost: { stone: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Ephesos', side: 'A', start: 'papyrus', stage: 2, cost: { wood: 2 }, coinsNow: 9, text: '+9 coins (once, when built)' },
  { wonder: 'Ephesos', side: 'A', start: 'papyrus', stage: 3, cost: { papyrus: 2 }, points: 7, text: '7 VP' },
  { wonder: 'Ephesos', side: 'B', start: 'papyrus', stage: 1, cost: { stone: 2 }, coinsNow: 4, points: 2, text: '+4 coins (once, when built); 2 VP' },
  { wonder: 'Ephesos', side: 'B', start: 'papyrus', stage: 2, cost: { wood: 2 }, coinsNow: 4, points: 3, text: '+4 coins (once, when built); 3 VP' },
  { wonder: 'Ephesos', side: 'B', start: 'papyrus', stage: 3, cost: { glass: 1, papyrus: 1, loom: 1 }, coinsNow: 4, points: 5, text: '+4 coins (once, when built); 5 VP' },
  { wonder: 'Gizah', side: 'A', start: 'stone', stage: 1, cost: { stone: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Gizah', side: 'A', start: 'stone', stage: 2, cost: { wood: 3 }, points: 5, text: '5 VP' },
  { wonder: 'Gizah', side: 'A', start: 'stone', stage: 3, cost: { stone: 4 }, points: 7, text: '7 VP' },
  { wonder: 'Gizah', side: 'B', start: 'stone', stage: 1, cost: { wood: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Gizah', side: 'B', start: 'stone', stage: 2, cost: { stone: 3 }, points: 5, text: '5 VP' },
  { wonder: 'Gizah', side: 'B', start: 'stone', stage: 3, cost: { clay: 3 }, points: 5, text: '5 VP' },
  { wonder: 'Gizah', side: 'B', start: 'stone', stage: 4, cost: { stone: 4, papyrus: 1 }, points: 7, text: '7 VP' },
  { wonder: 'Halikarnassus', side: 'A', start: 'loom', stage: 1, cost: { clay: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Halikarnassus', side: 'A', start: 'loom', stage: 2, cost: { ore: 3 }, power: 'buildDiscard', text: 'at end of the turn, build one card from the discard pile for free' },
  { wonder: 'Halikarnassus', side: 'A', start: 'loom', stage: 3, cost: { loom: 2 }, points: 7, text: '7 VP' },
  { wonder: 'Halikarnassus', side: 'B', start: 'loom', stage: 1, cost: { ore: 2 }, points: 2, power: 'buildDiscard', text: '2 VP; at end of the turn, build one card from the discard pile for free' },
  { wonder: 'Halikarnassus', side: 'B', start: 'loom', stage: 2, cost: { clay: 3 }, points: 1, power: 'buildDiscard', text: '1 VP; at end of the turn, build one card from the discard pile for free' },
  { wonder: 'Halikarnassus', side: 'B', start: 'loom', stage: 3, cost: { glass: 1, papyrus: 1, loom: 1 }, power: 'buildDiscard', text: 'at end of the turn, build one card from the discard pile for free' },
  { wonder: 'Olympia', side: 'A', start: 'wood', stage: 1, cost: { wood: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Olympia', side: 'A', start: 'wood', stage: 2, cost: { stone: 2 }, power: 'freeBuild', text: 'once per Age, build one structure for free' },
  { wonder: 'Olympia', side: 'A', start: 'wood', stage: 3, cost: { ore: 2 }, points: 7, text: '7 VP' },
  { wonder: 'Olympia', side: 'B', start: 'wood', stage: 1, cost: { wood: 2 }, trade: { kinds: 'raw', from: 'both' }, text: 'Buy Wood/Stone/Ore/Clay from left (West) neighbour & right (East) neighbour for 1 coin instead of 2' },
  { wonder: 'Olympia', side: 'B', start: 'wood', stage: 2, cost: { stone: 2 }, points: 5, text: '5 VP' },
  { wonder: 'Olympia', side: 'B', start: 'wood', stage: 3, cost: { ore: 2, loom: 1 }, power: 'copyGuild', text: 'at game end, copy one Guild (purple) built by a neighbour' },
  { wonder: 'Rhodos', side: 'A', start: 'ore', stage: 1, cost: { wood: 2 }, points: 3, text: '3 VP' },
  { wonder: 'Rhodos', side: 'A', start: 'ore', stage: 2, cost: { clay: 3 }, shields: 2, text: '2 shields' },
  { wonder: 'Rhodos', side: 'A', start: 'ore', stage: 3, cost: { ore: 4 }, points: 7, text: '7 VP' },
  { wonder: 'Rhodos', side: 'B', start: 'ore', stage: 1, cost: { stone: 3 }, coinsNow: 3, shields: 1, points: 3, text: '+3 coins (once, when built); 1 shield; 3 VP' },
  { wonder: 'Rhodos', side: 'B', start: 'ore', stage: 2, cost: { ore: 4 }, coinsNow: 4, shields: 1, points: 4, text: '+4 coins (once, when built); 1 shield; 4 VP' },
];
