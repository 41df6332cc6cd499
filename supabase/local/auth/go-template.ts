// The part of Go's html/template that the auth e-mail templates (supabase/templates/*.html)
// use, so the local stack renders the same files hosted GoTrue renders: fields
// ({{ .Token }}, {{ .Data.preferred_locale }}), {{ if }} / {{ else if }} / {{ else }} /
// {{ end }} with a field or `eq`/`ne` of two operands, comments, and the {{- -}} trims.
// Anything else is refused (GoTemplateError) rather than printed, so a template can only
// use what both backends understand. Printed values are HTML-escaped, as html/template does.

export class GoTemplateError extends Error {}

type Operand = { kind: "field"; path: string[] } | { kind: "string"; value: string };
type Condition = { op: "truthy"; arg: Operand } | { op: "eq" | "ne"; args: [Operand, Operand] };
type Node = { kind: "text"; text: string } | { kind: "print"; arg: Operand } | { kind: "if"; branches: { when: Condition | null; body: Node[] }[] };

const ACTION = /\{\{(-\s)?([\s\S]*?)(\s-)?\}\}/g;

type Token = { kind: "text"; text: string } | { kind: "action"; body: string };

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let last = 0;
  for (const match of source.matchAll(ACTION)) {
    let text = source.slice(last, match.index);
    if (match[1]) text = text.replace(/\s+$/, "");
    tokens.push({ kind: "text", text });
    tokens.push({ kind: "action", body: match[2].trim() });
    last = match.index + match[0].length;
    if (match[3]) {
      const rest = /^\s*/.exec(source.slice(last))!;
      last += rest[0].length;
    }
  }
  tokens.push({ kind: "text", text: source.slice(last) });
  return tokens.filter((t) => t.kind === "action" || t.text !== "");
}

function operand(word: string): Operand {
  if (/^"(?:[^"\\]|\\.)*"$/.test(word)) return { kind: "string", value: JSON.parse(word) as string };
  if (/^(\.[A-Za-z_][A-Za-z0-9_]*)+$/.test(word)) return { kind: "field", path: word.slice(1).split(".") };
  throw new GoTemplateError(`unsupported operand: ${word}`);
}

function condition(expression: string): Condition {
  const words = expression.match(/"(?:[^"\\]|\\.)*"|\S+/g) ?? [];
  if (words.length === 1) return { op: "truthy", arg: operand(words[0]) };
  if (words.length === 3 && (words[0] === "eq" || words[0] === "ne")) return { op: words[0], args: [operand(words[1]), operand(words[2])] };
  throw new GoTemplateError(`unsupported condition: ${expression}`);
}

/** Parses a template; throws GoTemplateError on anything outside the subset. */
export function parseGoTemplate(source: string): Node[] {
  const tokens = tokenize(source);
  let at = 0;
  function block(inIf: boolean): { nodes: Node[]; end: "end" | "else" | "elseif" | "eof"; expression?: string } {
    const nodes: Node[] = [];
    while (at < tokens.length) {
      const token = tokens[at++];
      if (token.kind === "text") {
        nodes.push({ kind: "text", text: token.text });
        continue;
      }
      const body = token.body;
      if (body.startsWith("/*") && body.endsWith("*/")) continue;
      if (body === "end" || body === "else" || body.startsWith("else if ")) {
        if (!inIf) throw new GoTemplateError(`unexpected {{ ${body} }}`);
        if (body === "end") return { nodes, end: "end" };
        if (body === "else") return { nodes, end: "else" };
        return { nodes, end: "elseif", expression: body.slice("else if ".length) };
      }
      if (body.startsWith("if ")) {
        const branches: { when: Condition | null; body: Node[] }[] = [];
        let when: Condition | null = condition(body.slice(3));
        for (;;) {
          const inner = block(true);
          branches.push({ when, body: inner.nodes });
          if (inner.end === "end") break;
          if (inner.end === "eof") throw new GoTemplateError("unclosed {{ if }}");
          if (when === null) throw new GoTemplateError("{{ else }} after {{ else }}");
          when = inner.end === "elseif" ? condition(inner.expression!) : null;
        }
        nodes.push({ kind: "if", branches });
        continue;
      }
      nodes.push({ kind: "print", arg: operand(body) });
    }
    if (inIf) return { nodes, end: "eof" };
    return { nodes, end: "eof" };
  }
  const { nodes } = block(false);
  return nodes;
}

function valueOf(arg: Operand, data: Record<string, unknown>): unknown {
  if (arg.kind === "string") return arg.value;
  let value: unknown = data;
  for (const key of arg.path) value = value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined;
  return value;
}

// Go's truth: false, 0, nil, and empty strings, maps and slices are false.
function truthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === "") return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === "object") return Object.keys(value).length > 0;
  return true;
}

function test(when: Condition, data: Record<string, unknown>): boolean {
  if (when.op === "truthy") return truthy(valueOf(when.arg, data));
  // Go's eq with a missing map key compares false rather than failing.
  const [a, b] = when.args.map((arg) => valueOf(arg, data));
  const same = a !== undefined && a !== null && a === b;
  return when.op === "eq" ? same : !same;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&#34;").replace(/'/g, "&#39;");
}

function run(nodes: Node[], data: Record<string, unknown>, escape: (s: string) => string): string {
  let out = "";
  for (const node of nodes) {
    if (node.kind === "text") out += node.text;
    else if (node.kind === "print") {
      const value = valueOf(node.arg, data);
      out += value === undefined || value === null ? "" : escape(String(value));
    } else {
      const branch = node.branches.find((b) => b.when === null || test(b.when, data));
      if (branch) out += run(branch.body, data, escape);
    }
  }
  return out;
}

/** Renders a template with `data` (GoTrue's fields: Token, ConfirmationURL, Data…). */
export function renderGoTemplate(source: string, data: Record<string, unknown>, options: { html?: boolean } = {}): string {
  return run(parseGoTemplate(source), data, options.html === false ? (s) => s : escapeHtml);
}
