// The cluster recipe of docs/balance.md: the Kubernetes Indexed Job manifest has the shape an Indexed Job needs,
// and its command maps each completion index (from 0) to a shard K/N (from 1) covering every shard once.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../helpers/game.js';

describe('docs/recipes/simulate-job.yaml', () => {
  const job = parse(readFileSync(join(ROOT, 'docs/recipes/simulate-job.yaml'), 'utf8'));

  it('is a batch/v1 Indexed Job with one completion per shard', () => {
    expect(job.apiVersion).toBe('batch/v1');
    expect(job.kind).toBe('Job');
    expect(job.spec.completionMode).toBe('Indexed');
    expect(job.spec.template.spec.restartPolicy).toBe('Never');
    const c = job.spec.template.spec.containers[0];
    expect(c.command).toEqual(['sh', '-c']);
    const shards = Number(/--shard \$\(\(JOB_COMPLETION_INDEX \+ 1\)\)\/(\d+)/.exec(c.args[0])?.[1]);
    expect(shards).toBe(job.spec.completions);
  });

  it('maps JOB_COMPLETION_INDEX 0…N-1 to --shard 1/N…N/N and one output file each', () => {
    const c = job.spec.template.spec.containers[0];
    const n = job.spec.completions as number;
    const seen: string[] = [];
    for (let i = 0; i < n; i++) {
      // the pod's shell, with `node` replaced by echo: what would run
      const line = execFileSync('sh', ['-c', c.args[0].replace(/^node /, 'echo ').replace(' > ', ' ">" ')], {
        env: { ...process.env, JOB_COMPLETION_INDEX: String(i) }, encoding: 'utf8',
      });
      expect(line).toContain(`--shard ${i + 1}/${n} `);
      expect(line.trim().endsWith(`/results/part-${i + 1}.json`)).toBe(true);
      seen.push(/--shard (\S+)/.exec(line)![1]!);
    }
    expect(new Set(seen).size).toBe(n);
  });
});
