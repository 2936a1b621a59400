#!/usr/bin/env node
/*
 * KaTeX's MathML for a list of formulas, the oracle of Vitrina's TeX-to-MathML converter (dev time only).
 * El MathML de KaTeX para una lista de fórmulas, el oráculo del conversor de TeX a MathML de Vitrina.
 *
 *     NODE_PATH=/usr/share/nodejs node Scripts/katex-mathml.js [--html] < formulas.jsonl > katex.jsonl
 *
 * Reads JSON lines {"tex", "display", ...} on stdin and writes, in the same order, one JSON line per formula:
 * {"tex", "display", "mathml"} with katex.renderToString(tex, {output: "mathml", displayMode, throwOnError: true}),
 * the <math> element without the <span class="katex"> KaTeX puts around it, or {"tex", "display", "error"} with the
 * message of the ParseError KaTeX throws. Other fields of the input line ("source") are kept, an earlier "mathml" or
 * "error" replaced, so a file this script wrote can be fed to it again. Needs Debian's `katex` package (KaTeX 0.16.4
 * under /usr/share/nodejs). Prints the KaTeX version and the counts to stderr.
 * With --html, {"tex", "display", "html"}: KaTeX's HTML rendering instead (the <span class="katex">, inside a
 * <span class="katex-display"> in display mode), which needs dist/katex.min.css and its fonts; what
 * Scripts/math-screenshots.py draws beside Vitrina's MathML.
 */
"use strict";

const katex = require("katex");
const asHTML = process.argv.includes("--html");
const readline = require("readline");

// KaTeX's default strict mode ("warn") logs each LaTeX-incompatible input (an unknown Unicode character in \text, an
// accent used in math mode) through console.warn: it does not change the output, so the warnings are only counted.
let warnings = 0;
console.warn = () => {
  warnings += 1;
};

const input = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
const lines = [];
input.on("line", (line) => {
  if (line.trim() !== "") lines.push(line);
});
input.on("close", () => {
  let rendered = 0;
  let failed = 0;
  const out = [];
  for (const line of lines) {
    const formula = JSON.parse(line);
    const display = Boolean(formula.display);
    const result = { ...formula, tex: formula.tex, display };
    delete result.mathml; // a line of an earlier output can be read again
    delete result.error;
    delete result.html;
    try {
      const made = katex.renderToString(formula.tex, {
        output: asHTML ? "html" : "mathml",
        displayMode: display,
        throwOnError: true,
      });
      if (asHTML) result.html = made;
      else result.mathml = made.replace(/^<span class="katex">/, "").replace(/<\/span>$/, "");
      rendered += 1;
    } catch (error) {
      result.error = String(error && error.message ? error.message : error);
      failed += 1;
    }
    out.push(JSON.stringify(result));
  }
  process.stdout.write(out.length ? out.join("\n") + "\n" : "");
  process.stderr.write(`KaTeX ${katex.version}: ${rendered} rendered, ${failed} errors (${warnings} strict-mode warnings)\n`);
});
