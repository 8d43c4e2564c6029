// The page's side of a worker API (see rpc.ts): typed calls, latest-request-wins calls, events, cancel,
// and crash handling. The worker is started on the first call. When it fails to load, throws outside a
// handler, sends a message that cannot be read, or does not answer its start ping, every open call is
// rejected with an RpcError that says so, the worker is terminated, and the next call starts a new one.
import { RpcError, isFromWorker, type Api, type Args, type EventData, type EventName, type MethodName, type Res, type ToWorker } from './rpc.js';

/** What the client needs of a Worker (a DOM Worker is one; tests pass a fake). */
export interface WorkerPort {
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message' | 'messageerror' | 'error', listener: (ev: Event) => void): void;
  terminate(): void;
}

export interface ClientOptions {
  /** names the worker in error messages, e.g. 'the print worker' */
  name: string;
  /** how long a new worker may take to load and answer its ping (ms); generous: a cold load of a large
   * worker on a busy machine takes seconds */
  startTimeoutMs?: number;
}

interface Pending {
  method: string;
  resolve(res: unknown): void;
  reject(err: RpcError): void;
}

export class RpcClient<A extends Api> {
  private worker: WorkerPort | null = null;
  private startTimer: ReturnType<typeof setTimeout> | undefined;
  private seq = 0;
  private readonly pending = new Map<number, Pending>();
  /** latest-wins lanes: lane → id of the newest call in it */
  private readonly lanes = new Map<string, number>();
  private readonly listeners = new Map<string, Set<(data: unknown) => void>>();
  private readonly crashListeners = new Set<(err: RpcError) => void>();
  private started = 0;

  constructor(
    private readonly create: () => WorkerPort,
    private readonly options: ClientOptions,
  ) {}

  /** Calls `method`; resolves with its answer, rejects with an RpcError. */
  call<M extends MethodName<A>>(method: M, ...args: Args<A, M>): Promise<Res<A, M>> {
    return this.start(method, args[0]).answer;
  }

  /**
   * Calls `method`, superseding the previous `latest` call of the same method (and `key`): that one
   * resolves null at once, its answer is dropped when it comes, and the worker is told to cancel it.
   */
  async latest<M extends MethodName<A>>(method: M, req: Args<A, M>[0], key = ''): Promise<Res<A, M> | null> {
    const lane = `${method}\u0000${key}`;
    const before = this.lanes.get(lane);
    if (before !== undefined) this.settle(before, new RpcError(`${method} was overtaken by a newer request`, 'superseded'));
    const { id, answer } = this.start(method, req);
    this.lanes.set(lane, id);
    try {
      return await answer;
    } catch (e) {
      if (e instanceof RpcError && e.reason === 'superseded') return null;
      throw e;
    } finally {
      if (this.lanes.get(lane) === id) this.lanes.delete(lane);
    }
  }

  /** Listens to an event the worker pushes; returns the function that stops listening. */
  on<E extends EventName<A>>(event: E, handler: (data: EventData<A, E>) => void): () => void {
    // the worker's events are typed by the same API as this client: the one trusted step from the wire
    const h = (data: unknown) => handler(data as EventData<A, E>);
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(h);
    return () => set.delete(h);
  }

  /** Called when the worker crashes, whether or not a call was open (a game in progress is lost). */
  onCrash(handler: (err: RpcError) => void): () => void {
    this.crashListeners.add(handler);
    return () => this.crashListeners.delete(handler);
  }

  /** Cancels the open calls (of one method, or all): they reject as cancelled; the worker is told, so a
   * handler that watches its signal can stop early. */
  cancel(method?: MethodName<A>): void {
    for (const [id, p] of [...this.pending]) {
      if (method === undefined || p.method === method) this.settle(id, new RpcError(`${p.method} was cancelled`, 'cancelled'));
    }
  }

  /** Stops the worker now (a handler stuck in a loop included); open calls reject as cancelled. The next
   * call starts a new worker. */
  terminate(): void {
    this.stop(new RpcError(`${this.options.name} was stopped`, 'cancelled'));
  }

  /** Workers started so far (a restart after a crash counts). */
  get starts(): number {
    return this.started;
  }

  /** Whether a worker is running (started and not crashed or terminated). */
  get running(): boolean {
    return this.worker !== null;
  }

  private start<M extends MethodName<A>>(method: M, req: unknown): { id: number; answer: Promise<Res<A, M>> } {
    const id = ++this.seq;
    const answer = new Promise<Res<A, M>>((resolve, reject) => {
      // the answer is typed by the API this client and the worker's serve() share
      this.pending.set(id, { method, resolve: (r) => resolve(r as Res<A, M>), reject });
      try {
        this.post({ rpc: 'call', id, method, req });
      } catch (e) {
        // a request that cannot be cloned (a function, a DOM node) never reaches the worker
        this.pending.delete(id);
        reject(new RpcError(`${method}: the request could not be sent (${messageOf(e)})`, 'failed'));
      }
    });
    return { id, answer };
  }

  /** Ends one open call before its answer came, and tells the worker it need not finish it. */
  private settle(id: number, err: RpcError): void {
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    p.reject(err);
    this.worker?.postMessage({ rpc: 'cancel', id } satisfies ToWorker, { transfer: [] });
  }

  private post(m: ToWorker): void {
    this.ensureWorker().postMessage(m, { transfer: [] });
  }

  private ensureWorker(): WorkerPort {
    if (this.worker) return this.worker;
    const w = this.create();
    this.worker = w;
    this.started++;
    w.addEventListener('message', (ev) => this.receive(w, 'data' in ev ? ev.data : undefined));
    w.addEventListener('messageerror', () => this.crashed(w, 'a message from it could not be read'));
    w.addEventListener('error', (ev) => {
      // handled here: the page reports it in words, not as an uncaught error in the console
      ev.preventDefault();
      const detail = 'message' in ev && typeof ev.message === 'string' && ev.message ? ev.message : 'it failed to load or threw an error';
      this.crashed(w, detail);
    });
    const ms = this.options.startTimeoutMs ?? 30_000;
    this.startTimer = setTimeout(() => this.crashed(w, `it did not start within ${ms >= 1000 ? `${ms / 1000} s` : `${ms} ms`}`), ms);
    w.postMessage({ rpc: 'ping' } satisfies ToWorker, { transfer: [] });
    return w;
  }

  private receive(from: WorkerPort, data: unknown): void {
    if (from !== this.worker) return; // a terminated worker's last words
    if (!isFromWorker(data)) {
      this.crashed(from, 'it sent a message that is not part of its API');
      return;
    }
    switch (data.rpc) {
      case 'pong':
        clearTimeout(this.startTimer);
        return;
      case 'result':
      case 'error': {
        const p = this.pending.get(data.id);
        if (!p) return; // cancelled or superseded: the answer is dropped
        this.pending.delete(data.id);
        if (data.rpc === 'result') p.resolve(data.res);
        else p.reject(new RpcError(data.message, 'failed'));
        return;
      }
      case 'event':
        for (const h of this.listeners.get(data.name) ?? []) h(data.data);
        return;
    }
  }

  private crashed(w: WorkerPort, detail: string): void {
    if (w !== this.worker) return;
    const err = new RpcError(`${this.options.name} stopped: ${detail}`, 'crashed');
    this.stop(err);
    for (const h of this.crashListeners) h(err);
  }

  private stop(err: RpcError): void {
    clearTimeout(this.startTimer);
    const w = this.worker;
    this.worker = null;
    w?.terminate();
    const open = [...this.pending.values()];
    this.pending.clear();
    this.lanes.clear();
    for (const p of open) p.reject(err);
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
