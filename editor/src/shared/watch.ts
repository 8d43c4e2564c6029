// Re-renders a Lit element whenever a model object it shows (the workspace, the validation loop, the print
// controller: plain EventTargets) says that it changed.
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class Watch implements ReactiveController {
  private readonly update = () => this.host.requestUpdate();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly target: EventTarget,
    private readonly types: string[] = ['change'],
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    for (const t of this.types) this.target.addEventListener(t, this.update);
  }

  hostDisconnected(): void {
    for (const t of this.types) this.target.removeEventListener(t, this.update);
  }
}
