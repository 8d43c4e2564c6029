// Ruleset text on the terminal is text: a name, a card or an ending holding escape sequences (retitle the
// terminal, clear the screen, move the cursor, turn text right to left) is shown escaped by every command that
// prints ruleset text — validate (its ok line and its problems), simulate (the table and --json), compare and
// replay --log — never sent raw to the terminal.

import { describe, expect, it } from 'vitest';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';
import { terminalSafe } from '../../cli/terminal-text.js';

const dir = mkdtempSync(join(tmpdir(), 'bk-terminal-'));

/** Retitles an xterm, clears the screen, rings the bell; a C1 CSI; a right-to-left override. */
const EVIL = '\\e]0;pwned\\a\\e[2J\\e[H\\u009b31m\\u202e';
const RAW = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/;

const evil = `id: evil
name: "Evil${EVIL}"
players: { min: 2, max: 3 }
teams:
  - { id: all, name: "Everyone${EVIL}", objective: "count(pile)" }
roles:
  - { id: member, team: all, name: "Member${EVIL}" }
cardTypes:
  - { id: c, fields: {} }
cards:
  - { id: c1, type: c, count: 4, name: "Chip${EVIL}" }
zones:
  - { id: box }
  - { id: pile, visibility: public, name: "the pile${EVIL}" }
endings:
  - { id: done, winner: all, description: "Done${EVIL}" }
setup:
  - forEach: players
    as: p
    do:
      - setRole: { player: $p, role: member }
phases:
  - id: main
    steps:
      - id: pick
        prompt: { player: "player(1)", choose: options, from: "['a', 'b']" }
        do:
          - move: { from: box, to: pile, count: 1 }
          - log: "moved {count(pile)}${EVIL}"
          - end: done
`;

function file(name: string, text: string): string {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
}

function clean(r: { code: number; stdout: string; stderr: string }): void {
  expect(r.stdout + r.stderr, r.stderr).not.toMatch(RAW);
}

describe('ruleset text on the terminal', () => {
  it('terminalSafe keeps lines and tabs and shows every other control character as an escape', () => {
    expect(terminalSafe('a\tb\nc')).toBe('a\tb\nc');
    expect(terminalSafe('\x1b]0;x\x07\r\x7f\x9b\u202e')).toBe('\\u001b]0;x\\u0007\\u000d\\u007f\\u009b\\u202e');
    expect(terminalSafe('plain text, accents é, 日本')).toBe('plain text, accents é, 日本');
  });

  it('validate prints the ok line and problems with escapes shown, not sent', () => {
    const f = file('evil.yaml', evil);
    const ok = babelkit('validate', f);
    expect(ok.code, ok.stderr).toBe(0);
    clean(ok);
    expect(ok.stdout).toContain('Evil\\u001b]0;pwned\\u0007\\u001b[2J');
    // a problem quoting the text
    const bad = babelkit('validate', file('evil-bad.yaml', evil.replace('count(pile)"', `count(pile${EVIL})"`)));
    expect(bad.code).toBe(1);
    clean(bad);
  });

  it('simulate (table and JSON) and compare', () => {
    const f = file('evil.yaml', evil);
    for (const extra of [[], ['--json']]) {
      const r = babelkit('simulate', f, '--players', '2', '--games', '3', '--seed', '1', ...extra);
      expect(r.code, r.stderr).toBe(0);
      clean(r);
    }
    const j = babelkit('simulate', f, '--players', '2', '--games', '3', '--seed', '1', '--json');
    // still JSON
    expect(JSON.parse(j.stdout).games).toBe(3);
    const c = babelkit('compare', f, f, '--players', '2', '--games', '3', '--seed', '1');
    clean(c);
  });

  it('replay --log', () => {
    const f = file('evil.yaml', evil);
    const out = join(dir, 'replays');
    expect(babelkit('simulate', f, '--players', '2', '--games', '1', '--seed', '1', '--save-replay', out).code).toBe(0);
    const rp = join(out, readdirSync(out)[0]!);
    for (const as of ['1', 'all']) {
      const r = babelkit('replay', rp, '--ruleset', f, '--log', '--as', as);
      expect(r.code, r.stderr).toBe(0);
      clean(r);
      expect(r.stdout).toContain('\\u001b]0;pwned');
    }
  });
});
