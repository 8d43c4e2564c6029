// A token bucket per connection: `burst` requests at once, then `perSecond` on average. A client past it is
// refused (and a socket that keeps flooding is closed) before its message is even parsed.

export class RateLimit {
  private tokens: number;
  private at: number;

  constructor(private readonly perSecond: number, private readonly burst: number, private readonly now: () => number = () => performance.now()) {
    this.tokens = burst;
    this.at = now();
  }

  /** Takes one token; false when there is none left. */
  take(): boolean {
    const t = this.now();
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond);
    this.at = t;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
