// The contract between the editor's page and its workers. Each worker's API is written once, as a type:
//
//   interface PrintApi {
//     methods: { preview(req: PreviewRequest): PreviewResult; pdf(req: PdfRequest): PdfResult };
//     events: { progress: { done: number; of: number } };
//   }
//
// The page holds an RpcClient<PrintApi> (rpc-client.ts), the worker calls serve<PrintApi>(handlers)
// (rpc-serve.ts); both check requests, responses and events against that one type. On the wire the two
// sides exchange the messages below (structured clones), nothing else.

/** A worker's API: methods taking at most one request each and returning one response, and the events
 * the worker pushes on its own (progress, a new view). */
export interface Api {
  methods: object;
  events: object;
}

/** For an API whose worker pushes nothing. */
export type NoEvents = Record<never, never>;

export type MethodName<A extends Api> = keyof A['methods'] & string;
export type EventName<A extends Api> = keyof A['events'] & string;

/** The arguments of a method as the page passes them: `[]` or `[request]`. */
export type Args<A extends Api, M extends MethodName<A>> = A['methods'][M] extends (...args: infer P) => unknown ? P : never;
/** The request a handler receives (undefined for a method without one). */
export type Req<A extends Api, M extends MethodName<A>> = Args<A, M> extends [] ? undefined : Args<A, M>[0];
/** What a method answers (a handler may also answer with a promise of it). */
export type Res<A extends Api, M extends MethodName<A>> = A['methods'][M] extends (...args: infer _P) => infer R ? Awaited<R> : never;
export type EventData<A extends Api, E extends EventName<A>> = A['events'][E];

/** Page → worker. `ping` is sent once to every new worker: a worker that never answers it is dead. */
export type ToWorker =
  | { rpc: 'ping' }
  | { rpc: 'call'; id: number; method: string; req: unknown }
  | { rpc: 'cancel'; id: number };

/** Worker → page. */
export type FromWorker =
  | { rpc: 'pong' }
  | { rpc: 'result'; id: number; res: unknown }
  | { rpc: 'error'; id: number; message: string }
  | { rpc: 'event'; name: string; data: unknown };

/**
 * Why a call failed: `failed` — the handler threw (the message is its own); `crashed` — the worker died,
 * failed to load or did not answer its start ping (the next call starts a new one); `cancelled` — the page
 * cancelled it or stopped the worker; `superseded` — a newer `latest` call of the same kind was made
 * (`latest` turns this one into null: its callers never see it).
 */
export type RpcFailure = 'failed' | 'crashed' | 'cancelled' | 'superseded';

export class RpcError extends Error {
  constructor(
    message: string,
    readonly reason: RpcFailure,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** The data of an event: messages are untrusted shapes until checked, so this narrows without casts. */
export function isFromWorker(data: unknown): data is FromWorker {
  if (typeof data !== 'object' || data === null || !('rpc' in data)) return false;
  const k = data.rpc;
  return k === 'pong' || k === 'result' || k === 'error' || k === 'event';
}

export function isToWorker(data: unknown): data is ToWorker {
  if (typeof data !== 'object' || data === null || !('rpc' in data)) return false;
  const k = data.rpc;
  return k === 'ping' || k === 'call' || k === 'cancel';
}
