// `babelkit serve` as a command: strict options (usage errors exit 2), listed in --help, starts on the port
// asked for and stops cleanly on SIGTERM (exit 0), and says so when the port is taken.

import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { babelkit } from './run.js';
import { startServerProcess, type ServerProcess } from '../../bench/serve-clients.js';

const data = mkdtempSync(join(tmpdir(), 'bk-serve-cli-'));
let server: ServerProcess | null = null;

afterAll(async () => {
  await server?.stop();
  rmSync(data, { recursive: true, force: true });
});

describe('babelkit serve', () => {
  it('is listed in --help', () => {
    const r = babelkit('--help');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('babelkit serve [--port N] [--host H] [--data DIR]');
  });

  it('refuses bad options with a usage error', () => {
    for (const [args, message] of [
      [['--port', 'abc'], '--port needs a whole number'],
      [['--port', '70000'], '--port must be between 0 and 65535'],
      [['--colour', 'red'], 'unknown option --colour'],
      [['rulesets/babel-builders.yaml'], 'serve takes no file'],
      [['--public-url', 'ftp://example.org/'], '--public-url must start with http:// or https://'],
      [['--public-url', 'not a url'], '--public-url needs an address'],
    ] as const) {
      const r = babelkit('serve', ...args);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`babelkit serve: ${message}`);
    }
  });

  it('serves, refuses a second server on the same port, and stops cleanly on SIGTERM', async () => {
    server = await startServerProcess(data);
    const info = await (await fetch(`${server.url}api/info`)).json();
    expect(info.server).toBe('babelkit');
    const port = new URL(server.url).port;
    const again = babelkit('serve', '--port', port, '--data', data);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain(`cannot listen on 127.0.0.1:${port}: the port is in use`);
    await server.stop();
    expect(server.proc.exitCode).toBe(0);
    server = null;
  });
});
