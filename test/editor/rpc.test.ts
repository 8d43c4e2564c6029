// The editor's page↔worker API (editor/src/shared/): a page-side RpcClient and a worker-side serve()
// joined by an in-memory fake of a Worker (structured clones, delivered asynchronously as a real worker
// does). Typed calls and errors, latest-request-wins, pushed events, cancel, and a worker that crashes,
// fails to load or never starts: every open call fails with a clear message and the next call starts a
// new worker.
import { describe, expect, it } from 'vitest';
import { RpcClient, type WorkerPort } from '../../editor/src/shared/rpc-client.js';
import { serve, type WorkerScope } from '../../editor/src/shared/rpc-serve.js';
import { RpcError, type NoEvents } from '../../editor/src/shared/rpc.js';

/** A Worker and its global scope in one process: messages are cloned and delivered on a later task. */
class FakeWorker extends EventTarget implements WorkerPort {
  readonly scope: FakeScope;
  terminated = false;
  /** everything the worker posted to the page (for checks of what crossed) */
  readonly sent: unknown[] = [];

  constructor() {
    super();
    this.scope = new FakeScope(this);
  }

  postMessage(message: unknown, options: { transfer: Transferable[] }): void {
    const data = structuredClone(message, options);
    setTimeout(() => {
      if (!this.terminated) this.scope.dispatchEvent(new MessageEvent('message', { data }));
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }

  /** The worker dies as a real one reports it: an `error` event with a message. */
  crash(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message }));
  }
}

class FakeScope extends EventTarget implements WorkerScope {
  constructor(private readonly page: FakeWorker) {
    super();
  }

  postMessage(message: unknown, options: { transfer: Transferable[] }): void {
    const data = structuredClone(message, options);
    setTimeout(() => {
      if (this.page.terminated) return;
      this.page.sent.push(data);
      this.page.dispatchEvent(new MessageEvent('message', { data }));
    }, 0);
  }
}

// ---- an API as a worker of the editor would describe it -----------------------------------------

interface CheckApi {
  methods: {
    check(req: { text: string }): { words: number };
    /** answers when `release()` is called for it, or never */
    slow(req: { tag: string }): { tag: string };
    fail(req: { why: string }): never;
    reset(): void;
    bytes(req: { n: number }): Uint8Array;
  };
  events: {
    progress: { done: number; of: number };
    note: string;
  };
}

interface Started {
  worker: FakeWorker;
  /** resolves the slow call with this tag */
  release(tag: string): void;
  /** slow calls the worker saw cancelled */
  aborted: string[];
  /** tags of slow calls the worker started */
  slowStarted: string[];
}

/** A client whose workers serve CheckApi; `workers` lists every worker it started. */
function checkClient(opts: { startTimeoutMs?: number; silent?: boolean } = {}) {
  const workers: Started[] = [];
  const client = new RpcClient<CheckApi>(
    () => {
      const worker = new FakeWorker();
      const waiting = new Map<string, () => void>();
      const w: Started = { worker, release: (t) => waiting.get(t)?.(), aborted: [], slowStarted: [] };
      workers.push(w);
      if (opts.silent) return worker; // loads, never runs serve(): no answer to the ping, ever
      const { emit } = serve<CheckApi>(
        {
          check(req, ctx) {
            const words = req.text.split(/\s+/).filter(Boolean).length;
            ctx.emit('progress', { done: words, of: words });
            return { words };
          },
          slow(req, ctx) {
            w.slowStarted.push(req.tag);
            ctx.signal.addEventListener('abort', () => w.aborted.push(req.tag));
            return new Promise((resolve) => waiting.set(req.tag, () => resolve({ tag: req.tag })));
          },
          fail(req) {
            throw new Error(`no: ${req.why}`);
          },
          reset() {
            emit('note', 'reset done');
          },
          bytes(req, ctx) {
            const b = new Uint8Array(req.n).fill(7);
            ctx.transfer(b.buffer);
            return b;
          },
        },
        worker.scope,
      );
      return worker;
    },
    { name: 'the check worker', startTimeoutMs: opts.startTimeoutMs },
  );
  return { client, workers };
}

/** Lets the fake's queued deliveries run. */
const ticks = async (n = 5) => {
  for (let i = 0; i < n; i++) await new Promise((r) => setTimeout(r, 0));
};

describe('page↔worker calls', () => {
  it('a call resolves with the handler\'s answer; the worker starts on the first call only', async () => {
    const { client, workers } = checkClient();
    expect(client.running).toBe(false);
    expect(await client.call('check', { text: 'build the tower' })).toEqual({ words: 3 });
    expect(await client.call('check', { text: 'one' })).toEqual({ words: 1 });
    expect(workers).toHaveLength(1);
    expect(client.starts).toBe(1);
  });

  it('a method without a request is called without one', async () => {
    const { client } = checkClient();
    const notes: string[] = [];
    client.on('note', (n) => notes.push(n));
    await expect(client.call('reset')).resolves.toBeUndefined();
    expect(notes).toEqual(['reset done']);
  });

  it('a handler that throws fails that call with its message; the worker goes on serving', async () => {
    const { client, workers } = checkClient();
    const err = await client.call('fail', { why: 'the ruleset has errors' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RpcError);
    expect(err).toMatchObject({ message: 'no: the ruleset has errors', reason: 'failed' });
    expect(await client.call('check', { text: 'still here' })).toEqual({ words: 2 });
    expect(workers).toHaveLength(1);
  });

  it('transferred bytes arrive whole', async () => {
    const { client } = checkClient();
    const b = await client.call('bytes', { n: 1000 });
    expect(b).toBeInstanceOf(Uint8Array);
    expect(b.length).toBe(1000);
    expect(b.every((x) => x === 7)).toBe(true);
  });

  it('events the worker pushes reach every listener, in order with the answers; unsubscribing stops them', async () => {
    const { client } = checkClient();
    const seen: string[] = [];
    const off = client.on('progress', (p) => seen.push(`progress ${p.done}/${p.of}`));
    client.on('progress', () => seen.push('second listener'));
    const answer = client.call('check', { text: 'a b' }).then((r) => seen.push(`answer ${r.words}`));
    await answer;
    expect(seen).toEqual(['progress 2/2', 'second listener', 'answer 2']);
    off();
    await client.call('check', { text: 'a' });
    expect(seen.slice(3)).toEqual(['second listener']);
  });
});

describe('latest request wins', () => {
  it('an older request overtaken by a newer one of the same method resolves null; the newest gets its answer', async () => {
    const { client, workers } = checkClient();
    const first = client.latest('slow', { tag: 'first' });
    const second = client.latest('slow', { tag: 'second' });
    expect(await first).toBeNull();
    const third = client.latest('slow', { tag: 'third' });
    expect(await second).toBeNull();
    await ticks();
    const w = workers[0]!;
    // the worker was told: the superseded calls' signals were aborted
    expect(w.slowStarted).toEqual(['first', 'second', 'third']);
    expect(w.aborted).toEqual(['first', 'second']);
    // a late answer to an overtaken request is dropped; the newest one resolves
    w.release('first');
    w.release('third');
    expect(await third).toEqual({ tag: 'third' });
  });

  it('requests with different keys (one card and another) do not overtake each other', async () => {
    const { client, workers } = checkClient();
    const a = client.latest('slow', { tag: 'a' }, 'card-a');
    const b = client.latest('slow', { tag: 'b' }, 'card-b');
    const a2 = client.latest('slow', { tag: 'a2' }, 'card-a');
    await ticks();
    for (const t of ['a', 'b', 'a2']) workers[0]!.release(t);
    expect(await a).toBeNull();
    expect(await b).toEqual({ tag: 'b' });
    expect(await a2).toEqual({ tag: 'a2' });
  });

  it('a plain call is never overtaken', async () => {
    const { client, workers } = checkClient();
    const one = client.call('slow', { tag: 'one' });
    const two = client.latest('slow', { tag: 'two' });
    await ticks();
    workers[0]!.release('one');
    workers[0]!.release('two');
    expect(await one).toEqual({ tag: 'one' });
    expect(await two).toEqual({ tag: 'two' });
  });
});

describe('cancel', () => {
  it('cancel() rejects the open calls as cancelled and aborts them in the worker; later calls work', async () => {
    const { client, workers } = checkClient();
    const a = client.call('slow', { tag: 'a' }).catch((e: unknown) => e);
    const b = client.call('slow', { tag: 'b' }).catch((e: unknown) => e);
    await ticks();
    client.cancel('slow');
    expect(await a).toMatchObject({ reason: 'cancelled', message: 'slow was cancelled' });
    expect(await b).toMatchObject({ reason: 'cancelled' });
    await ticks();
    expect(workers[0]!.aborted).toEqual(['a', 'b']);
    // the worker finishing anyway sends nothing the page acts on
    workers[0]!.release('a');
    expect(await client.call('check', { text: 'x y z' })).toEqual({ words: 3 });
  });

  it('cancel(method) leaves the other methods\' calls open', async () => {
    const { client, workers } = checkClient();
    const slow = client.call('slow', { tag: 's' });
    const check = client.call('check', { text: 'a' });
    client.cancel('check');
    await expect(check).rejects.toMatchObject({ reason: 'cancelled' });
    await ticks();
    workers[0]!.release('s');
    expect(await slow).toEqual({ tag: 's' });
  });

  it('terminate() stops the worker at once; the next call starts a fresh one', async () => {
    const { client, workers } = checkClient();
    const open = client.call('slow', { tag: 'stuck' });
    await ticks();
    client.terminate();
    await expect(open).rejects.toMatchObject({ reason: 'cancelled', message: 'the check worker was stopped' });
    expect(workers[0]!.worker.terminated).toBe(true);
    expect(await client.call('check', { text: 'again' })).toEqual({ words: 1 });
    expect(workers).toHaveLength(2);
  });
});

describe('a worker that crashes', () => {
  it('every open call rejects with a message naming the worker and the cause; the crash is reported', async () => {
    const { client, workers } = checkClient();
    const crashes: string[] = [];
    client.onCrash((e) => crashes.push(e.message));
    const calls = [client.call('slow', { tag: 'a' }), client.latest('slow', { tag: 'b' }), client.call('check', { text: 'queued' })].map((p) =>
      p.then(
        () => 'resolved',
        (e: unknown) => e,
      ),
    );
    await ticks(1);
    workers[0]!.worker.crash('out of memory');
    for (const r of await Promise.all(calls)) {
      expect(r).toBeInstanceOf(RpcError);
      expect(r).toMatchObject({ reason: 'crashed', message: 'the check worker stopped: out of memory' });
    }
    expect(crashes).toEqual(['the check worker stopped: out of memory']);
    expect(workers[0]!.worker.terminated).toBe(true);
    expect(client.running).toBe(false);
  });

  it('the next call after a crash starts a fresh worker and is answered', async () => {
    const { client, workers } = checkClient();
    await client.call('check', { text: 'one' });
    workers[0]!.worker.crash('boom');
    expect(client.running).toBe(false);
    expect(await client.call('check', { text: 'one two' })).toEqual({ words: 2 });
    expect(workers).toHaveLength(2);
    expect(client.starts).toBe(2);
    // events still reach the listeners registered before the crash
    const seen: number[] = [];
    client.on('progress', (p) => seen.push(p.done));
    await client.call('check', { text: 'a b c' });
    expect(seen).toEqual([3]);
  });

  it('a worker script that fails to load (an error event without a message) fails the calls clearly', async () => {
    const { client, workers } = checkClient();
    const call = client.call('check', { text: 'x' });
    workers[0]!.worker.dispatchEvent(new Event('error', { cancelable: true }));
    await expect(call).rejects.toMatchObject({ reason: 'crashed', message: 'the check worker stopped: it failed to load or threw an error' });
  });

  it('a message that cannot be read (messageerror) counts as a crash', async () => {
    const { client, workers } = checkClient();
    const call = client.call('slow', { tag: 'a' });
    workers[0]!.worker.dispatchEvent(new Event('messageerror'));
    await expect(call).rejects.toMatchObject({ reason: 'crashed', message: 'the check worker stopped: a message from it could not be read' });
  });

  it('a worker that never answers its start ping fails the open calls; the next call tries a new worker', async () => {
    const { client, workers } = checkClient({ silent: true, startTimeoutMs: 5 });
    await expect(client.call('check', { text: 'x' })).rejects.toMatchObject({ reason: 'crashed', message: 'the check worker stopped: it did not start within 5 ms' });
    expect(workers[0]!.worker.terminated).toBe(true);
    await expect(client.call('check', { text: 'x' })).rejects.toMatchObject({ reason: 'crashed' });
    expect(workers).toHaveLength(2);
  });

  it('an answer from a worker that crashed is ignored; the next call is answered by a fresh worker', async () => {
    const { client, workers } = checkClient();
    expect(await client.call('check', { text: 'a' })).toEqual({ words: 1 });
    const slow = client.call('slow', { tag: 'late' }).catch((e: unknown) => e);
    await ticks();
    workers[0]!.worker.crash('gone');
    workers[0]!.release('late');
    expect(await slow).toMatchObject({ reason: 'crashed' });
    await ticks();
    expect(await client.call('check', { text: 'b c' })).toEqual({ words: 2 });
  });
});

describe('what crosses between page and worker', () => {
  it('only the API\'s messages: a pong, results, errors and events, tagged and numbered', async () => {
    const { client, workers } = checkClient();
    await client.call('check', { text: 'a' });
    await client.call('fail', { why: 'x' }).catch(() => undefined);
    expect(workers[0]!.worker.sent).toEqual([
      { rpc: 'pong' },
      { rpc: 'event', name: 'progress', data: { done: 1, of: 1 } },
      { rpc: 'result', id: 1, res: { words: 1 } },
      { rpc: 'error', id: 2, message: 'no: x' },
    ]);
  });

  it('a call of a method the worker does not have fails with its name', async () => {
    type Wider = { methods: { check(req: { text: string }): { words: number }; missing(): void }; events: NoEvents };
    // one worker serving CheckApi, reached by clients that believe in wider APIs
    const worker = new FakeWorker();
    serve<CheckApi>(
      {
        check: (req) => ({ words: req.text.length }),
        slow: (req) => req,
        fail: () => { throw new Error('x'); },
        reset: () => undefined,
        bytes: (req) => new Uint8Array(req.n),
      },
      worker.scope,
    );
    const client = new RpcClient<Wider>(() => worker, { name: 'the check worker' });
    await expect(client.call('missing')).rejects.toMatchObject({ reason: 'failed', message: "the worker has no method 'missing'" });
    // an inherited name is not a method either
    type Inherited = { methods: { toString(): string; constructor(): void }; events: NoEvents };
    const c2 = new RpcClient<Inherited>(() => worker, { name: 'the check worker' });
    await expect(c2.call('toString')).rejects.toMatchObject({ message: "the worker has no method 'toString'" });
    await expect(c2.call('constructor')).rejects.toMatchObject({ message: "the worker has no method 'constructor'" });
  });
});
