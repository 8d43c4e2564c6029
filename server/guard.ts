// Who may talk to the server from a browser. A web page the host happens to visit can make the host's browser
// send requests here; two things stop it doing harm:
//   - `Host` must be a name this server answers to: an IP address (v4 or v6, as typed), `localhost`, the
//     public URL's host, or one given with --allow-host. A page that rebinds its own DNS name to this machine
//     still sends its own name, so it is refused and never reads an answer.
//   - a request that changes something (POST) and the WebSocket must come from the server's own pages: an
//     `Origin` of the same scheme-less host as `Host`, the public URL's origin, or one given with
//     --allow-origin. A request without `Origin` is not from a browser page (a script, curl) and passes.
//   - a POST must say `Content-Type: application/json`: a page can send text/plain without asking first (no
//     CORS preflight), but never application/json.

import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';

export interface GuardOptions {
  /** the address people reach the server at (its host and origin are allowed) */
  publicUrl?: string;
  /** more host names the server answers to (a name on the LAN, a proxy's) */
  allowHosts?: string[];
  /** more origins whose pages may create matches and connect (`https://example.org`) */
  allowOrigins?: string[];
}

/** A refusal: HTTP status and why. */
export interface Refusal {
  status: number;
  message: string;
}

/** The host name of a Host header, without its port; IPv6 in brackets stays bracketed. */
function hostName(header: string): string {
  const h = header.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.indexOf(':');
  return colon < 0 ? h : h.slice(0, colon);
}

export class Guard {
  private readonly hosts = new Set<string>(['localhost']);
  private readonly origins = new Set<string>();

  constructor(o: GuardOptions = {}) {
    if (o.publicUrl) {
      const u = new URL(o.publicUrl);
      this.hosts.add(u.hostname.toLowerCase());
      this.origins.add(u.origin.toLowerCase());
    }
    for (const h of o.allowHosts ?? []) this.hosts.add(h.trim().toLowerCase());
    for (const x of o.allowOrigins ?? []) this.origins.add(new URL(x).origin.toLowerCase());
  }

  /** Whether a Host header names this server. */
  hostAllowed(header: string | undefined): boolean {
    if (!header) return false;
    const name = hostName(header);
    const bare = name.startsWith('[') ? name.slice(1, -1) : name;
    return isIP(bare) !== 0 || this.hosts.has(name) || this.hosts.has(bare);
  }

  /** Whether an Origin header is one of this server's own pages (or allowed); none at all is not a page. */
  originAllowed(origin: string | undefined, host: string | undefined): boolean {
    if (origin === undefined) return true;
    const o = origin.trim().toLowerCase();
    if (this.origins.has(o)) return true;
    if (!host) return false;
    const h = host.trim().toLowerCase();
    return o === `http://${h}` || o === `https://${h}`;
  }

  /** Why a request must be refused, or null. `changes`: a request that changes something (POST, /ws). */
  check(req: IncomingMessage, changes: boolean): Refusal | null {
    const host = req.headers.host;
    if (!this.hostAllowed(host)) {
      return { status: 421, message: `this server does not answer to the name '${String(host ?? '').slice(0, 100)}' (start it with --allow-host NAME to add one)` };
    }
    if (!changes) return null;
    const origin = req.headers.origin;
    if (!this.originAllowed(origin, host)) {
      return { status: 403, message: `requests from pages at ${String(origin).slice(0, 100)} are refused (start the server with --allow-origin ORIGIN to allow one)` };
    }
    return null;
  }
}

/** Whether a request body is declared as JSON (`application/json`, any parameters). */
export function isJsonType(contentType: string | undefined): boolean {
  return !!contentType && contentType.split(';')[0]!.trim().toLowerCase() === 'application/json';
}
