#!/usr/bin/env node
/*
 * Writes Sources/VitrinaKit/Content/Math/TeXSymbols.swift: what each math-mode symbol KaTeX knows becomes in KaTeX's
 * MathML, read from KaTeX itself (dev time only; the result is committed).
 * Escribe TeXSymbols.swift: lo que KaTeX escribe en MathML para cada símbolo del modo matemático, leído del propio KaTeX.
 *
 *     NODE_PATH=/usr/share/nodejs node Scripts/make-tex-symbols.js [output.swift]
 *
 * Needs Debian's `katex` package (KaTeX 0.16.4 under /usr/share/nodejs/katex).
 *
 * The names come from KaTeX's own tables: its symbol table (symbols.math), its function table and its macro table,
 * reached by loading dist/katex.js with those three objects added to its exports; and, so that nothing depends on the
 * minifier's names alone, from the defineSymbol / defineFunction / defineMacro calls in its src/. Each name is then
 * rendered by the real `require("katex")` (output "mathml") and kept only when KaTeX writes it as one token: one <mi>,
 * one <mo>, or a named function's <mi> followed by <mo>&ApplyFunction;. Whether a big operator or a function takes its
 * scripts under and over is read from `\displaystyle \name_a^b` (munderover or msubsup). Accents are the commands for
 * which `\name{x}` gives <mover accent="true"> (<munder accentunder="true">) over (under) <mi>x</mi>.
 *
 * Every entry is then checked: the MathML the entry stands for (as a converter would write it from the table) must be
 * KaTeX's, alone, between two letters, and under scripts in display style; accents over one letter and over two.
 * The Swift file is written only if every check passes.
 */
"use strict";

const fs = require("fs");
const path = require("path");

const KATEX_DIR = process.env.KATEX_DIR || "/usr/share/nodejs/katex";
const OUTPUT = process.argv[2] ||
  path.join(__dirname, "..", "Sources", "VitrinaKit", "Content", "Math", "TeXSymbols.swift");

let katex;
try {
  katex = require("katex");
} catch (error) {
  console.error("KaTeX is not installed: apt-get install katex, and run with NODE_PATH=/usr/share/nodejs");
  process.exit(1);
}

// MARK: KaTeX's tables / las tablas de KaTeX

/** The symbol, function and macro tables of dist/katex.js, or null when its minified code is not the expected shape. */
function runtimeTables() {
  let source = fs.readFileSync(path.join(KATEX_DIR, "dist", "katex.js"), "utf8");
  const symbols = /function [\w$]+\(e,t,r,n,a,i\)\{([\w$]+)\[e\]\[a\]=\{font:t,group:r,replace:n\}/.exec(source);
  const functions = /parseFunction=function\(e,t\)\{var r=this\.fetch\(\),a=r\.text,i=([\w$]+)\[a\]/.exec(source);
  const defineMacro = /__defineMacro:([\w$]+)/.exec(source);
  if (!symbols || !functions || !defineMacro) return null;
  const escaped = defineMacro[1].replace(/\$/g, "\\$");
  const macros = new RegExp("function " + escaped + "\\(e,t\\)\\{([\\w$]+)\\[e\\]=t\\}").exec(source);
  if (!macros || !source.includes("__defineSymbol:")) return null;
  source = source.replace("__defineSymbol:",
    `__vitrinaTables:{symbols:${symbols[1]},functions:${functions[1]},macros:${macros[1]}},__defineSymbol:`);
  const module = { exports: {} };
  new Function("module", "exports", "define", source)(module, module.exports, undefined);
  return module.exports.__vitrinaTables || null;
}

/** The names src/ defines: symbols (math mode), functions, macros. */
function sourceNames() {
  const src = path.join(KATEX_DIR, "src");
  const names = new Set();
  // A JS string literal's value (JSON's escapes are JS's for these files); null for anything else.
  const unquote = (literal) => {
    try {
      return JSON.parse(literal.replace(/^'(.*)'$/, (_, body) => JSON.stringify(body.replace(/\\'/g, "'"))));
    } catch (error) {
      return null;
    }
  };
  const add = (name) => { if (name) names.add(name); };
  const symbols = fs.readFileSync(path.join(src, "symbols.js"), "utf8");
  const call = /^defineSymbol\(math, \w+, \w+, ("(?:[^"\\]|\\.)*"|null|\w+), ("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')(, true)?\);/gm;
  for (let match; (match = call.exec(symbols));) {
    add(unquote(match[2]));
    if (match[3] && match[1].startsWith('"')) add(unquote(match[1]));
  }
  const functionFiles = fs.readdirSync(path.join(src, "functions")).map((file) => path.join(src, "functions", file));
  for (const file of functionFiles.concat([path.join(src, "functions.js"), path.join(src, "environments.js")])) {
    if (!file.endsWith(".js") || !fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, "utf8");
    for (const block of text.matchAll(/names:\s*\[((?:\s*"(?:[^"\\\n]|\\.)*"\s*,?)*)\s*\]/g)) {
      for (const literal of block[1].matchAll(/"(?:[^"\\\n]|\\.)*"/g)) add(unquote(literal[0]));
    }
  }
  const macros = fs.readFileSync(path.join(src, "macros.js"), "utf8");
  for (const match of macros.matchAll(/defineMacro\(("(?:[^"\\\n]|\\.)*")/g)) add(unquote(match[1]));
  return names;
}

const tables = runtimeTables();
const fromSource = sourceNames();
const candidates = new Set(fromSource);
if (tables) {
  for (const key of Object.keys(tables.symbols.math)) candidates.add(key);
  for (const key of Object.keys(tables.functions)) candidates.add(key);
  for (const key of Object.keys(tables.macros)) candidates.add(key);
} else {
  console.error("note: dist/katex.js is not the expected shape; the names come from src/ only");
}

// MARK: Rendering / renderizar

const ENTITIES = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'" };
const decode = (text) => text.replace(/&(?:amp|lt|gt|quot|#x27);/g, (entity) => ENTITIES[entity]);
/** `text` for a comment or a message, invisible characters as \u{…}. */
const visible = (text) => text.replace(/[\p{M}\p{C}\p{Z}]/gu, (ch) => ch === " " ? ch : "\\u{" + ch.codePointAt(0).toString(16).toUpperCase() + "}");
const escapeXML = (text) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]);

/** Silences console.log / warn / error (\show, \message and \errmessage print through them) until the call it returns. */
function quiet() {
  const saved = [console.log, console.warn, console.error];
  console.log = console.warn = console.error = () => {};
  return () => { [console.log, console.warn, console.error] = saved; };
}

/** KaTeX's MathML for `tex` between <semantics><mrow> and </mrow><annotation>, its strict-mode complaints, or its error. */
function render(tex) {
  const complaints = [];
  const restore = quiet();
  try {
    const html = katex.renderToString(tex, {
      output: "mathml",
      throwOnError: true,
      strict: (code) => { complaints.push(code); return "ignore"; },
    });
    const inner = /<semantics><mrow>(.*)<\/mrow><annotation encoding="application\/x-tex">/s.exec(html);
    if (!inner) return { error: "unexpected wrapper: " + html };
    return { mathml: inner[1], complaints };
  } catch (error) {
    return { error: String(error && error.message ? error.message : error) };
  } finally {
    restore();
  }
}

const ATTRIBUTE = /\s+([\w-]+)="([^"]*)"/g;
const attributesOf = (text) => [...(text || "").matchAll(ATTRIBUTE)].map((m) => [m[1], decode(m[2])]);
const TOKEN = /^<(mi|mo)((?:\s+[\w-]+="[^"]*")*)>([^<]+)<\/\1>$/;
const FUNCTION = /^<mi((?:\s+[\w-]+="[^"]*")*)>([^<]+)<\/mi><mo>\u2061<\/mo>$/;

/** The parse node KaTeX makes of `tex`, when it is one. */
function parseNode(tex) {
  const restore = quiet();
  try {
    const nodes = katex.__parse(tex, { strict: "ignore" });
    return nodes.length === 1 ? nodes[0] : null;
  } catch (error) {
    return null;
  } finally {
    restore();
  }
}

/**
 * A name's entry: {kind, text, flag, attributes} with kind identifier / op / largeOp / function, flag the case's Bool
 * (normal, stretchy, limits), and attributes the element's whole attribute list when it is more than the case says.
 */
function classify(tex, mathml) {
  let kind, text, attributes;
  const token = TOKEN.exec(mathml);
  const fn = FUNCTION.exec(mathml);
  if (token) {
    text = decode(token[3]);
    attributes = attributesOf(token[2]);
    if (token[1] === "mi") {
      kind = "identifier";
    } else {
      const node = parseNode(tex);
      kind = node && node.type === "op" && node.symbol ? "largeOp" : "op";
    }
  } else if (fn) {
    kind = "function";
    text = decode(fn[2]);
    attributes = attributesOf(fn[1]);
  } else {
    return null;
  }
  const entry = { kind, text, flag: false, attributes: null };
  const same = (list) => JSON.stringify(list) === JSON.stringify(attributes);
  switch (kind) {
    case "identifier":
      entry.flag = same([["mathvariant", "normal"]]);
      if (!entry.flag && !same([])) entry.attributes = attributes;
      break;
    case "op":
      entry.flag = !attributes.some(([name, value]) => name === "stretchy" && value === "false");
      if (!same([]) && !same([["stretchy", "false"]])) entry.attributes = attributes;
      break;
    case "largeOp":
    case "function": {
      if (!same([])) entry.attributes = attributes;
      const scripted = render(`\\displaystyle ${tex}_a^b`);
      if (scripted.error) return null;
      if (/^<mstyle scriptlevel="0" displaystyle="true"><munderover>/.test(scripted.mathml)) entry.flag = true;
      else if (/^<mstyle scriptlevel="0" displaystyle="true"><msubsup>/.test(scripted.mathml)) entry.flag = false;
      else return null;
      break;
    }
  }
  return entry;
}

// MARK: The model a converter follows / el modelo que sigue un conversor

const open = (name, attributes) => "<" + name + attributes.map(([n, v]) => ` ${n}="${escapeXML(v)}"`).join("") + ">";

/** The MathML an entry stands for, as a converter would write it from the Swift table. */
function expected(entry, { scripted = false } = {}) {
  switch (entry.kind) {
    case "identifier":
      return open("mi", entry.attributes || (entry.flag ? [["mathvariant", "normal"]] : [])) + escapeXML(entry.text) + "</mi>";
    case "op":
    case "largeOp":
      return open("mo", entry.attributes || (entry.kind === "op" && !entry.flag ? [["stretchy", "false"]] : [])) +
        escapeXML(entry.text) + "</mo>";
    case "function": {
      const pair = open("mi", entry.attributes || []) + escapeXML(entry.text) + "</mi><mo>\u2061</mo>";
      return scripted ? "<mrow>" + pair + "</mrow>" : pair;
    }
  }
  throw new Error("kind " + entry.kind);
}

const failures = [];
function check(label, tex, want) {
  const got = render(tex);
  if (got.error || got.mathml !== want) {
    failures.push(`${label}: ${JSON.stringify(tex)}\n    KaTeX: ${got.error || got.mathml}\n    table: ${want}`);
  }
}

function verify(label, tex, entry) {
  check(label, tex, expected(entry));
  check(label, `a ${tex} b`, "<mi>a</mi>" + expected(entry) + "<mi>b</mi>");
  if (entry.kind === "largeOp" || entry.kind === "function") {
    const element = entry.flag ? "munderover" : "msubsup";
    check(label, `\\displaystyle ${tex}_a^b`, `<mstyle scriptlevel="0" displaystyle="true"><${element}>` +
      expected(entry, { scripted: true }) + `<mi>a</mi><mi>b</mi></${element}></mstyle>`);
  }
}

// MARK: Control words and symbols / palabras y símbolos de control

const math = new Map();          // name without the backslash → entry
const accents = new Map();       // name → {mark, stretchy}
const underAccents = new Map();
const braces = new Map();        // name → {mark, over}
const unlisted = [];             // [name, KaTeX's MathML]: symbols KaTeX writes as more than one token
const skipped = [];              // [name, why]

const isInternal = (name) => name.includes("@") || name.startsWith("\\\\");
// Style, size, spacing, line breaks, `\relax`-like no-ops: not symbols, so not worth listing.
const isLayoutOnly = (mathml) =>
  mathml.replace(/<\/?(mstyle|mspace|mrow)\b[^>]*>/g, "").replace(/<mtext>[\s\u00a0\u2000-\u200b\u2063]*<\/mtext>/g, "") === "";

for (const name of [...candidates].sort()) {
  if (!name.startsWith("\\") || name.length < 2 || isInternal(name)) continue;
  const key = name.slice(1);
  const alone = render(name);
  if (alone.error) {
    // Perhaps a command with an argument: an accent?
    const over = render(`${name}{x}`);
    if (over.error) continue;
    if (over.complaints.length) { skipped.push([key, "text-mode accent (" + over.complaints.join(", ") + ")"]); continue; }
    let match;
    if ((match = /^<mover accent="true"><mi>x<\/mi><mo( stretchy="true")?>([^<]+)<\/mo><\/mover>$/.exec(over.mathml))) {
      if (match[2] === "undefined") { skipped.push([key, "KaTeX writes the mark as the text \"undefined\""]); continue; }
      accents.set(key, { mark: decode(match[2]), stretchy: Boolean(match[1]) });
    } else if ((match = /^<munder accentunder="true"><mi>x<\/mi><mo( stretchy="true")?>([^<]+)<\/mo><\/munder>$/.exec(over.mathml))) {
      if (match[2] === "undefined") { skipped.push([key, "KaTeX writes the mark as the text \"undefined\""]); continue; }
      underAccents.set(key, { mark: decode(match[2]), stretchy: Boolean(match[1]) });
    } else if ((match = /^<(mover|munder)><mi>x<\/mi><mo stretchy="true">([^<]+)<\/mo><\/\1>$/.exec(over.mathml))) {
      braces.set(key, { mark: decode(match[2]), over: match[1] === "mover" });
    }
    continue;
  }
  if (alone.complaints.length) { skipped.push([key, "strict mode: " + alone.complaints.join(", ")]); continue; }
  const entry = classify(name, alone.mathml);
  if (!entry) {
    if (!isLayoutOnly(alone.mathml) && !/<mfrac/.test(alone.mathml)) unlisted.push([key, alone.mathml]);
    continue;
  }
  // \not alone is <mi>\u{338}</mi>, but before a token KaTeX lays the stroke over that token instead.
  const between = render(`a ${name} b`);
  if (between.error || between.mathml !== "<mi>a</mi>" + expected(entry) + "<mi>b</mi>") {
    skipped.push([key, "KaTeX writes it differently between letters: " + (between.error || visible(between.mathml))]);
    continue;
  }
  math.set(key, entry);
}

// \dots and its kin look at the next token (amsmath's rules): alone, and between letters, they are as listed, but
// before `)`, `]`, `\}`, `,`, `.`, `;` … KaTeX adds a thin space, and \dots becomes \cdots before a binary operator or a
// relation. Kept in the table (they pass the checks below) and named in the Swift comment.
const contextual = ["cdots", "dots", "dotsb", "dotsc", "dotsm", "dotso"].filter((key) => math.has(key));
const thinSpace = (render("\\cdots)").mathml || "").replace(/^<mo>\u22ef<\/mo>/, "").replace(/<mo stretchy="false">\)<\/mo>$/, "");
if (!/^<mtext>[^<]*<\/mtext>$/.test(thinSpace)) failures.push("\\cdots) is not \\cdots, a thin space and ): " + thinSpace);

// MARK: Characters / caracteres

const characters = new Map(); // one character → entry
const characterNames = new Set();
for (const name of candidates) {
  if ([...name].length === 1 && name.length === 1) characterNames.add(name);
}
for (let code = 0x21; code < 0x7f; code++) characterNames.add(String.fromCharCode(code));
const unlistedCharacters = [];
const noted = []; // characters KaTeX renders with a "Unicode text in math mode" note
for (const ch of [...characterNames].sort()) {
  if (/^[A-Za-z0-9]$/.test(ch)) continue; // <mi>x</mi> and <mn>7</mn>: a converter's plain rule
  const alone = render(ch);
  if (alone.error) continue;
  // KaTeX takes a few text-mode characters in math mode with a complaint (® is \textregistered); leave those out, but
  // not the Unicode letters and symbols it merely notes as "Unicode text in math mode".
  const complaints = alone.complaints.filter((code) => code !== "unicodeTextInMathMode");
  if (complaints.length) { skipped.push([ch, "strict mode: " + complaints.join(", ")]); continue; }
  if (alone.complaints.length) noted.push(ch);
  const entry = classify(ch, alone.mathml);
  if (!entry) {
    if (!isLayoutOnly(alone.mathml)) unlistedCharacters.push([ch, alone.mathml]);
    continue;
  }
  characters.set(ch, entry);
}

// Outside the Basic Multilingual Plane KaTeX knows only Mathematical Alphanumeric Symbols (𝐀 𝑨 𝔸 …), each a plain
// <mi> as typed: as ranges rather than 500 entries, checked over the whole block (U+1D400–U+1D7FF).
const isPlain = (ch) => { const got = render(ch); return !got.error && got.mathml === "<mi>" + escapeXML(ch) + "</mi>"; };
const astral = [...candidates].filter((name) => [...name].length === 1 && name.length === 2).map((ch) => ch.codePointAt(0));
const alphanumerics = [];
for (const code of astral.sort((a, b) => a - b)) {
  const ch = String.fromCodePoint(code);
  if (!isPlain(ch)) { failures.push(`${ch} (U+${code.toString(16).toUpperCase()}) is not a plain <mi>: ${render(ch).mathml}`); continue; }
  const last = alphanumerics[alphanumerics.length - 1];
  if (last && last[1] === code - 1) last[1] = code; else alphanumerics.push([code, code]);
}
for (let code = 0x1d400; code <= 0x1d7ff; code++) {
  const inside = alphanumerics.some(([low, high]) => code >= low && code <= high);
  if (inside !== isPlain(String.fromCodePoint(code))) failures.push(`U+${code.toString(16).toUpperCase()}: the ranges are wrong`);
}

// Swift compares Characters by canonical equivalence: two keys that normalize alike would crash the dictionary literal.
const normalized = new Map();
for (const ch of characters.keys()) {
  const form = ch.normalize("NFD");
  if (normalized.has(form)) {
    const other = normalized.get(form);
    if (JSON.stringify(characters.get(other)) !== JSON.stringify(characters.get(ch))) {
      failures.push(`characters ${JSON.stringify(other)} and ${JSON.stringify(ch)} are one Character in Swift but KaTeX writes them differently`);
    }
    skipped.push([ch, `canonically equivalent to ${JSON.stringify(other)} (the same Swift Character)`]);
    characters.delete(ch);
  } else {
    normalized.set(form, ch);
  }
}

// MARK: Checks / comprobaciones

for (const [key, entry] of math) verify("\\" + key, "\\" + key, entry);
for (const [ch, entry] of characters) verify(JSON.stringify(ch), ch, entry);
for (const [table, element, attribute] of [[accents, "mover", "accent"], [underAccents, "munder", "accentunder"]]) {
  for (const [key, { mark, stretchy }] of table) {
    const mo = (stretchy ? '<mo stretchy="true">' : "<mo>") + escapeXML(mark) + "</mo>";
    check("\\" + key, `\\${key}{x}`, `<${element} ${attribute}="true"><mi>x</mi>${mo}</${element}>`);
    check("\\" + key, `\\${key}{xy}`, `<${element} ${attribute}="true"><mrow><mi>x</mi><mi>y</mi></mrow>${mo}</${element}>`);
  }
}
for (const [key, { mark, over }] of braces) {
  const element = over ? "mover" : "munder";
  check("\\" + key, `\\${key}{x}`, `<${element}><mi>x</mi><mo stretchy="true">${escapeXML(mark)}</mo></${element}>`);
}
// The things the brief names must be there. / Lo que debe estar.
for (const key of ["alpha", "varepsilon", "Gamma", "varGamma", "le", "ne", "sum", "int", "infty", "partial", "nabla",
  "forall", "exists", "emptyset", "hbar", "ell", "ldots", "cdots", "ddots", "langle", "rangle", "lvert", "lceil", "sin",
  "lim", "max", "liminf", "limsup", "to", "mid", "{", "}", "|"]) {
  if (!math.has(key)) failures.push(`\\${key} is missing`);
}
for (const key of ["hat", "widehat", "vec", "bar", "overline", "tilde"]) if (!accents.has(key)) failures.push(`accent \\${key} is missing`);
for (const key of ["underline", "utilde"]) if (!underAccents.has(key)) failures.push(`under accent \\${key} is missing`);
for (const ch of "+-=<>()[]|/,;:!?*") if (!characters.has(ch)) failures.push(`character ${ch} is missing`);

if (failures.length) {
  console.error(failures.join("\n"));
  console.error(`${failures.length} checks failed; ${OUTPUT} not written`);
  process.exit(1);
}

// MARK: Swift / Swift

/** A Swift string literal; marks, controls, format characters and spaces other than U+0020 as \u{…}. */
function swift(text) {
  let out = '"';
  for (const ch of text) {
    if (ch === "\\") out += "\\\\";
    else if (ch === '"') out += '\\"';
    else if (/[\p{M}\p{C}\p{Z}]/u.test(ch) && ch !== " ") out += "\\u{" + ch.codePointAt(0).toString(16).toUpperCase() + "}";
    else out += ch;
  }
  return out + '"';
}

function symbolLiteral(entry) {
  switch (entry.kind) {
    case "identifier": return `.identifier(${swift(entry.text)}, normal: ${entry.flag})`;
    case "op": return `.op(${swift(entry.text)}, stretchy: ${entry.flag})`;
    case "largeOp": return `.largeOp(${swift(entry.text)}, limits: ${entry.flag})`;
    case "function": return `.function(${swift(entry.text)}, limits: ${entry.flag})`;
  }
  throw new Error(entry.kind);
}
const attributeLiteral = (attributes) => "[" + attributes.map(([n, v]) => `(name: ${swift(n)}, value: ${swift(v)})`).join(", ") + "]";
const byCodePoint = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const sortedKeys = (map) => [...map.keys()].sort(byCodePoint);

const out = [];
const line = (text = "") => out.push(text);
line("// Generated from KaTeX " + katex.version + " (Debian's katex) by `NODE_PATH=/usr/share/nodejs node Scripts/make-tex-symbols.js`.");
line();
line(`/// What a TeX control word stands for in math mode, as KaTeX ${katex.version.replace(/\.\d+$/, "")} writes it in MathML (generated by`);
line("/// Scripts/make-tex-symbols.js from Debian's katex; do not edit by hand). A few entries carry more attributes than");
line("/// their case says: `TeXSymbols.mathAttributes` and `TeXSymbols.characterAttributes` list those in full.");
line("/// Lo que significa una palabra de control de TeX en modo matemático, como la escribe KaTeX.");
line("enum TeXSymbol: Sendable, Equatable {");
line("    /// `<mi>`: letters and letter-like symbols; `normal` when KaTeX adds mathvariant=\"normal\".");
line("    case identifier(String, normal: Bool)");
line("    /// `<mo>`: operators, relations, arrows, punctuation, delimiters; `stretchy` false when KaTeX writes");
line("    /// stretchy=\"false\".");
line("    case op(String, stretchy: Bool)");
line("    /// `<mo>` of a big operator (∑ ∫ ⋃ …), no attributes; `limits` when KaTeX puts its scripts under and over in");
line("    /// display style (munderover) rather than beside (msubsup).");
line("    case largeOp(String, limits: Bool)");
line("    /// `<mi>` named function (\\sin, \\log, \\lim, \\max …), which KaTeX follows with `<mo>\\u{2061}</mo>` (function");
line("    /// application; the pair in an `<mrow>` when it carries scripts); `limits` as above (\\lim, \\max, \\min, \\sup, \\inf,");
line("    /// \\det, \\gcd, \\Pr, \\liminf, \\limsup …).");
line("    case function(String, limits: Bool)");
line("}");
line();
line("/// KaTeX's math-mode symbols, keys without the backslash. / Los símbolos del modo matemático de KaTeX.");
line("enum TeXSymbols {");
line(`    /// Control words and control symbols (\`\\{\` is "{"), ${math.size} of them.`);
line(`    /// \\${contextual.join(", \\")} are as KaTeX writes them alone or between letters;`);
line("    /// before `)`, `]`, `\\}`, `\\rangle`, `,`, `.`, `;`, `\\right`, `\\bigr` … KaTeX adds");
line(`    /// \`${visible(thinSpace)}\` (a \\,) after them, and \\dots is \\cdots before a binary operator or a relation`);
line("    /// (amsmath's rules).");
line("    static let math: [String: TeXSymbol] = [");
for (const key of sortedKeys(math)) line(`        ${swift(key)}: ${symbolLiteral(math.get(key))},`);
line("    ]");
line();
line("    /// The complete attribute list, in KaTeX's order, of the `math` entries whose element has attributes other than");
line("    /// the ones their case implies (mathvariant=\"normal\" on an identifier, stretchy=\"false\" on an op); use it instead.");
line("    static let mathAttributes: [String: [(name: String, value: String)]] = [");
for (const key of sortedKeys(math)) {
  const entry = math.get(key);
  if (entry.attributes) line(`        ${swift(key)}: ${attributeLiteral(entry.attributes)},`);
}
line("    ]");
line();
line("    /// Accents over a base: `\\hat{x}` → `<mover accent=\"true\"><mi>x</mi><mo>^</mo></mover>`; the mark KaTeX writes and");
line("    /// whether it stretches (\\widehat): a stretchy mark is `<mo stretchy=\"true\">`, any other a bare `<mo>`.");
line("    static let accents: [String: (mark: String, stretchy: Bool)] = [");
for (const key of sortedKeys(accents)) {
  const { mark, stretchy } = accents.get(key);
  line(`        ${swift(key)}: (mark: ${swift(mark)}, stretchy: ${stretchy}),`);
}
line("    ]");
line();
line("    /// Marks under a base the same way: `<munder accentunder=\"true\">` (\\underline, \\utilde …).");
line("    static let underAccents: [String: (mark: String, stretchy: Bool)] = [");
for (const key of sortedKeys(underAccents)) {
  const { mark, stretchy } = underAccents.get(key);
  line(`        ${swift(key)}: (mark: ${swift(mark)}, stretchy: ${stretchy}),`);
}
line("    ]");
line();
line("    /// \\overbrace and \\underbrace: `<mover>` / `<munder>` with NO accent attribute, the mark `<mo stretchy=\"true\">`.");
line("    static let braces: [String: (mark: String, over: Bool)] = [");
for (const key of sortedKeys(braces)) {
  const { mark, over } = braces.get(key);
  line(`        ${swift(key)}: (mark: ${swift(mark)}, over: ${over}),`);
}
line("    ]");
line();
line("    /// Single characters typed directly (not control words), with exactly KaTeX's output: ASCII punctuation, and the");
line(`    /// Unicode symbols and letters KaTeX knows (≤ typed as itself is \\le), ${characters.size} characters. Not here: ASCII`);
line("    /// letters (`<mi>x</mi>`), digits (`<mn>`), `mathAlphanumerics` (`<mi>𝐀</mi>`), and `'` (a prime superscript:");
line("    /// `f'` is `<msup><mi>f</mi><mo mathvariant=\"normal\" lspace=\"0em\" rspace=\"0em\">′</mo></msup>`, `f''` is");
line("    /// `<msup><mi>f</mi><mrow><mo mathvariant=\"normal\">′</mo><mo mathvariant=\"normal\">′</mo></mrow></msup>`).");
line("    /// KaTeX writes any other character as `<mtext>` (`ж`, `中`, `′` typed as itself; `~` is `<mtext>\\u{A0}</mtext>`),");
line("    /// except accented Latin and Greek letters, which it writes as accents over the bare letter (é is");
line("    /// `<mover accent=\"true\"><mi>e</mi><mo>ˊ</mo></mover>`).");
line("    static let characters: [Character: TeXSymbol] = [");
for (const ch of sortedKeys(characters)) line(`        ${swift(ch)}: ${symbolLiteral(characters.get(ch))},`);
line("    ]");
line();
line("    /// The characters outside the Basic Multilingual Plane KaTeX knows, all Mathematical Alphanumeric Symbols, each");
line("    /// written as a plain `<mi>` as typed (`<mi>𝔸</mi>`); the rest of that block (U+1D400–U+1D7FF) is `<mtext>` (𝟙).");
line("    static let mathAlphanumerics: [ClosedRange<Unicode.Scalar>] = [");
for (const [low, high] of alphanumerics) {
  const scalar = (code) => `"\\u{${code.toString(16).toUpperCase()}}"`;
  line(`        ${scalar(low)}...${scalar(high)}, // ${String.fromCodePoint(low)}…${String.fromCodePoint(high)}`);
}
line("    ]");
line();
line("    /// The complete attribute list of the `characters` entries with more attributes than their case implies.");
line("    static let characterAttributes: [Character: [(name: String, value: String)]] = [");
for (const ch of sortedKeys(characters)) {
  const entry = characters.get(ch);
  if (entry.attributes) line(`        ${swift(ch)}: ${attributeLiteral(entry.attributes)},`);
}
line("    ]");
line("}");
line();
line("// Symbols KaTeX knows in math mode but writes as more than one token, so not in the tables (KaTeX's MathML for the");
line("// command alone, between <semantics><mrow> and </mrow>):");
for (const [key, mathml] of unlisted.sort((a, b) => byCodePoint(a[0], b[0]))) line(`//   \\${key}  ${visible(mathml)}`);
line("// Characters the same way:");
for (const [ch, mathml] of unlistedCharacters) line(`//   ${visible(ch)}  ${visible(mathml)}`);
const mathAttributeCount = [...math.values()].filter((e) => e.attributes).length;
const characterAttributeCount = [...characters.values()].filter((e) => e.attributes).length;
if (mathAttributeCount === 0) out.splice(out.indexOf("    static let mathAttributes: [String: [(name: String, value: String)]] = [") + 1, 0, "        :");
if (characterAttributeCount === 0) out.splice(out.indexOf("    static let characterAttributes: [Character: [(name: String, value: String)]] = [") + 1, 0, "        :");

fs.writeFileSync(OUTPUT, out.join("\n") + "\n");

// MARK: Report / informe

const counts = {};
for (const entry of [...math.values()]) counts[entry.kind] = (counts[entry.kind] || 0) + 1;
console.error(`KaTeX ${katex.version}: ${candidates.size} names (${fromSource.size} from src/, ` +
  (tables ? `${Object.keys(tables.symbols.math).length} math symbols, ${Object.keys(tables.functions).length} functions, ` +
    `${Object.keys(tables.macros).length} macros in dist` : "dist tables not reachable") + ")");
console.error(`math: ${math.size} (${Object.entries(counts).map(([k, v]) => `${k} ${v}`).join(", ")}), ` +
  `${mathAttributeCount} with more attributes`);
console.error(`accents: ${accents.size}, underAccents: ${underAccents.size}, braces: ${braces.size}`);
console.error(`characters: ${characters.size}, ${characterAttributeCount} with more attributes`);
console.error(`not single tokens: ${unlisted.length} commands, ${unlistedCharacters.length} characters ` +
  `(${unlistedCharacters.map(([c]) => c).join(" ")})`);
for (const [key, why] of skipped) console.error(`skipped ${key}: ${why}`);
if (noted.length) console.error(`kept, though strict mode notes them as Unicode text in math mode: ${noted.join(" ")}`);
console.error(`wrote ${OUTPUT} (${out.length} lines), every entry checked against KaTeX`);
