// The worker's side of an API (see rpc.ts): `serve(handlers)` answers the page's calls, one handler per
// method, and returns `emit` for events the worker pushes on its own (a bot's move, progress). A handler
// that throws (or rejects) fails that call only, with its message; the worker keeps serving.
import { isToWorker, type Api, type EventData, type EventName, type FromWorker, type MethodName, type Req, type Res } from './rpc.js';

/** What serve needs of the worker's global scope (`self` in a worker; tests pass a fake). */
export interface WorkerScope {
  postMessage(message: unknown, options: { transfer: Transferable[] }): void;
  addEventListener(type: 'message', listener: (ev: Event) => void): void;
}

export type Emit<A extends Api> = <E extends EventName<A>>(event: E, data: EventData<A, E>, transfer?: Transferable[]) => void;

export interface CallContext<A extends Api> {
  /** aborted when the page cancels the call or a newer `latest` call supersedes it */
  signal: AbortSignal;
  /** moves these buffers to the page with the answer instead of copying them (a PDF's bytes) */
  transfer(...buffers: Transferable[]): void;
  emit: Emit<A>;
}

export type Handlers<A extends Api> = {
  [M in MethodName<A>]: (req: Req<A, M>, ctx: CallContext<A>) => Res<A, M> | Promise<Res<A, M>>;
};

export function serve<A extends Api>(handlers: Handlers<A>, scope: WorkerScope = self): { emit: Emit<A> } {
  const post = (m: FromWorker, transfer: Transferable[] = []) => scope.postMessage(m, { transfer });
  const emit: Emit<A> = (event, data, transfer = []) => post({ rpc: 'event', name: event, data }, transfer);
  /** calls being answered (asynchronous handlers), so that a cancel reaches their signal */
  const open = new Map<number, AbortController>();

  const run = async (id: number, method: string, req: unknown): Promise<void> => {
    const handler: unknown = Object.hasOwn(handlers, method) ? Reflect.get(handlers, method) : undefined;
    if (typeof handler !== 'function') {
      post({ rpc: 'error', id, message: `the worker has no method '${method}'` });
      return;
    }
    const abort = new AbortController();
    const transfer: Transferable[] = [];
    open.set(id, abort);
    try {
      const ctx: CallContext<A> = { signal: abort.signal, transfer: (...b) => void transfer.push(...b), emit };
      // a synchronous handler answers within this message's task, so its events and answer keep their order
      const out: unknown = handler.call(handlers, req, ctx);
      const res: unknown = out instanceof Promise ? await out : out;
      if (abort.signal.aborted) return;
      try {
        post({ rpc: 'result', id, res }, transfer);
      } catch (e) {
        post({ rpc: 'error', id, message: `${method}: the answer could not be sent (${messageOf(e)})` });
      }
    } catch (e) {
      if (!abort.signal.aborted) post({ rpc: 'error', id, message: messageOf(e) });
    } finally {
      open.delete(id);
    }
  };

  scope.addEventListener('message', (ev) => {
    const m: unknown = 'data' in ev ? ev.data : undefined;
    if (!isToWorker(m)) return; // not ours
    if (m.rpc === 'ping') post({ rpc: 'pong' });
    else if (m.rpc === 'cancel') open.get(m.id)?.abort();
    else void run(m.id, m.method, m.req);
  });
  return { emit };
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
