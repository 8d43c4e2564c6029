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
