// Driving the editor's Playtest tab in a browser test: wait for its state, answer the open decision by clicking.

import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Waits until <bk-playtest> is in one of these states (idle, turn, ended, replay…); returns it. */
export async function waitState(page: Page, states: string[]): Promise<string> {
  const h = await page.waitForFunction((st) => {
    const v = document.querySelector<HTMLElement>('bk-playtest')?.dataset.state;
    return v && st.includes(v) ? v : false;
  }, states, { timeout: 60_000 });
  return (await h.jsonValue()) as string;
}

/** Answers the open decision by clicking: the first options the prompt needs (one when it allows none);
 *  returns the prompt's text. */
export async function answer(pt: Locator): Promise<string> {
  const prompt = pt.locator('bk-pt-prompt');
  const text = (await prompt.locator('.ptext').textContent()) ?? '';
  const count = (await prompt.locator('.count').textContent()) ?? '';
  const m = /choose (\d+)/.exec(count);
  const need = m ? Number(m[1]) : 1;
  // a decision with one answer to give is taken by the click itself; others are confirmed
  const confirm = prompt.locator('[data-confirm]');
  const confirmed = (await confirm.count()) > 0;
  const opts = prompt.locator('[data-option]');
  for (let i = 0; i < need; i++) await opts.nth(i).click();
  if (confirmed) {
    expect(await confirm.isDisabled(), `${text}: ${need} chosen, yet Confirm is disabled`).toBe(false);
    await confirm.click();
  }
  return text;
}

/**
 * What a person should never read on the table, the decision or the log: a row of numbers (a raw vector such
 * as "0,0,1,0"), a card line with a label and nothing after it ("either:"), a zone or field id as written in
 * the ruleset ("tilePool", "coinsNow"), the engine's own words ("something", "box →", "chooses:", a move line
 * "… → …"), a decision step's id in brackets ("has chosen (tile)"). Returns each offending text with where it
 * was. `ids`: the ruleset's zone and field ids; `log.seen`: log lines already read (updated).
 */
export async function personProblems(root: Locator, ids: readonly string[], log: { seen: number } = { seen: 0 }): Promise<string[]> {
  const { texts, lines } = await root.evaluate((el, seen) => {
    const out: { where: string; text: string; empty: boolean }[] = [];
    let lines = 0;
    const SEL = '.card .fl, .card .text, .seat .z, .seat .sl, .seat .who, .log li, button.act, button.pill, .ptext, .pile .lab, .ended h2, .vars span';
    const walk = (n: Element | ShadowRoot, path: string) => {
      for (const c of Array.from(n.children)) {
        const tag = c.tagName.toLowerCase();
        const here = `${path} ${tag}${c.classList.length ? `.${Array.from(c.classList).join('.')}` : ''}`;
        // the log's lines are read once each (`log.seen`: those read at an earlier decision)
        if (c.matches('.log li') && lines++ < seen) continue;
        if (c.matches(SEL)) {
          // a card line's value: its text or its symbols after the label
          const value = c.matches('.card .fl, .card .text') ? c.querySelector('.runs') : null;
          const empty = !!value && !(value.textContent ?? '').trim() && !value.querySelector('[data-symbol]');
          out.push({ where: here.trim(), text: (c as HTMLElement).innerText ?? c.textContent ?? '', empty });
        }
        if (c.shadowRoot) walk(c.shadowRoot, `${here} >>`);
        walk(c, here);
      }
    };
    walk(el.shadowRoot ?? el, '');
    return { texts: out, lines };
  }, log.seen);
  // a line read before may have grown since (a joined line): read the last one again next time
  log.seen = Math.max(0, lines - 1);
  const camel = ids.filter((id) => /[a-z][A-Z]/.test(id));
  const idRe = camel.length ? new RegExp(`\\b(${camel.join('|')})\\b`) : null;
  const problems: string[] = [];
  for (const { where, text, empty } of texts) {
    const t = text.replace(/\s+/g, ' ').trim();
    const bad = /\b\d+(\s*,\s*\d+){3,}\b/.test(t) ? 'a row of numbers'
      : empty ? 'a label with nothing after it'
      : /\bsomething\b/i.test(t) ? '"something"'
      : /\bbox →/.test(t) ? '"box →"'
      : /\bchooses:/.test(t) ? '"chooses:"'
      : /→/.test(t) ? 'a move line (→)'
      : idRe?.test(t) ? `an id (${idRe.exec(t)![1]})`
      : /\bcho(se|sen)\b.*\([\w -]+\)$/.test(t) ? 'a step id'
      : null;
    if (bad) problems.push(`${bad} in ${where.slice(-80)}: ${t}`);
  }
  return problems;
}
