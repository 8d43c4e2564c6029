// JSON from clients: parsed with JSON.parse, and when that fails, the place of the first mistake found by a
// small scanner of the JSON grammar, as line and column (JSON.parse's own message names no position for
// many mistakes).

export class JsonSyntaxError extends Error {
  constructor(readonly line: number, readonly col: number, readonly reason: string) {
    super(`malformed JSON at line ${line}, column ${col}: ${reason}`);
  }
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw locate(text);
  }
}

function locate(text: string): JsonSyntaxError {
  let i = 0;
  const fail = (reason: string): never => {
    const before = text.slice(0, i);
    const line = before.split('\n').length;
    throw new JsonSyntaxError(line, i - before.lastIndexOf('\n'), reason);
  };
  const ws = () => { while (i < text.length && ' \t\n\r'.includes(text[i]!)) i++; };
  const what = () => (i >= text.length ? 'the text ends' : `found '${text[i]}'`);
  const str = () => {
    i++;
    for (;;) {
      if (i >= text.length) fail('a string is not closed');
      const c = text[i]!;
      if (c === '"') { i++; return; }
      if (c < ' ') fail('a control character inside a string');
      if (c === '\\') {
        const e = text[i + 1];
        if (e === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) { i++; fail('\\u needs four hex digits'); }
          i += 6;
        } else if (e !== undefined && '"\\/bfnrt'.includes(e)) i += 2;
        else { i++; fail('an unknown escape in a string'); }
      } else i++;
    }
  };
  const value = (depth: number): void => {
    if (depth > 512) fail('nested too deeply');
    ws();
    const c = text[i];
    if (c === '{') {
      i++; ws();
      if (text[i] === '}') { i++; return; }
      for (;;) {
        ws();
        if (text[i] !== '"') fail(`expected a property name in double quotes, ${what()}`);
        str(); ws();
        if (text[i] !== ':') fail(`expected ':' after a property name, ${what()}`);
        i++;
        value(depth + 1); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') { i++; return; }
        fail(`expected ',' or '}', ${what()}`);
      }
    }
    if (c === '[') {
      i++; ws();
      if (text[i] === ']') { i++; return; }
      for (;;) {
        value(depth + 1); ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') { i++; return; }
        fail(`expected ',' or ']', ${what()}`);
      }
    }
    if (c === '"') return str();
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (m && m[0] && m[0] !== '-') { i += m[0].length; return; }
    for (const w of ['true', 'false', 'null']) if (text.startsWith(w, i)) { i += w.length; return; }
    fail(`expected a value, ${what()}`);
  };
  try {
    value(0);
    ws();
    if (i < text.length) fail(`unexpected text after the JSON value, ${what()}`);
  } catch (e) {
    if (e instanceof JsonSyntaxError) return e;
    throw e;
  }
  // JSON.parse refused what the scanner accepts (not expected): report the start
  return new JsonSyntaxError(1, 1, 'not valid JSON');
}
