// Re-renders a Lit element whenever a model object it shows (the workspace, the validation loop, the print
// controller: plain EventTargets) says that it changed. The objects can be given later (an element gets
// them as properties) and replaced.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class Watch implements ReactiveController {
  private targets: EventTarget[] = [];
  private connected = false;
  private readonly update = () => this.host.requestUpdate();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly types: string[] = ['change'],
  ) {
    host.addController(this);
  }

  /** Watches these objects from now on (and no longer the ones before). */
  watch(...targets: EventTarget[]): this {
    if (targets.length === this.targets.length && targets.every((t, i) => t === this.targets[i])) return this;
    this.listen(false);
    this.targets = targets;
    if (this.connected) this.listen(true);
    return this;
  }

  hostConnected(): void {
    this.connected = true;
    this.listen(true);
  }

  hostDisconnected(): void {
    this.connected = false;
    this.listen(false);
  }

  private listen(on: boolean): void {
    for (const t of this.targets) {
      for (const type of this.types) {
        if (on) t.addEventListener(type, this.update);
        else t.removeEventListener(type, this.update);
      }
    }
  }
}
