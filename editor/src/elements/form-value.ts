// `formValue(v)`: an `<input>`'s or `<textarea>`'s value (or a checkbox's `checked`) that always shows what the
// text says, except in the box the designer is typing in. Lit's plain `.value=${v}` only writes when `v`
// changes, so a typed value that the text did not take (an edit refused, or undone by Revert) stayed on screen;
// `live()` alone would also overwrite a box while someone types in it, whenever the panel redraws.
import { noChange, nothing } from 'lit';
import { Directive, PartType, directive, type PartInfo, type PropertyPart } from 'lit/directive.js';
import { setCommittedValue } from 'lit/directive-helpers.js';

class FormValue extends Directive {
  constructor(part: PartInfo) {
    super(part);
    if (part.type !== PartType.PROPERTY) throw new Error('formValue() is for property bindings (.value, .checked)');
  }

  render(value: unknown): unknown {
    return value;
  }

  override update(part: PropertyPart, [value]: [unknown]): unknown {
    if (value === noChange || value === nothing) return value;
    const el = part.element as HTMLElement & Record<string, unknown>;
    const root = el.getRootNode() as Document | ShadowRoot;
    if (root.activeElement === el) return noChange;
    if (el[part.name] === value) return noChange;
    setCommittedValue(part);
    return value;
  }
}

export const formValue = directive(FormValue);
