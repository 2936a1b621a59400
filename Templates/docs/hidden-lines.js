/* Vitrina: hidden code lines (mdBook's `# ` lines in Rust blocks, wrapped in <span class="boring"> when the page was
   built). This script hides them and adds to each block that has some a button that shows them again. A plain script
   (ES2017, no modules, no inline handlers), so it runs from file:// and under any sub-path. Without JavaScript nothing
   is hidden: the reader sees all the code.
   Vitrina: líneas de código ocultas. Este script las oculta y añade a cada bloque que las tiene un botón que las
   muestra. Sin JavaScript no se oculta nada. */
(function () {
  "use strict";
  var LABELS = {
    es: { toggle: "Mostrar líneas ocultas" },
    en: { toggle: "Show hidden lines" }
  };
  var HIDDEN = "boring-hidden";
  var HAS = "has-hidden-lines";
  var ICON = '<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
    + '<path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z"></path><circle cx="12" cy="12" r="3"></circle></svg>';

  function labels() {
    var lang = (document.documentElement.getAttribute("lang") || "").toLowerCase().split("-")[0];
    return Object.prototype.hasOwnProperty.call(LABELS, lang) ? LABELS[lang] : LABELS.en;
  }

  // The block a hidden line belongs to: Hugo's div.highlight (which may hold two pre: line numbers and code), else its pre.
  function blockOf(line) {
    return line.closest("div.highlight") || line.closest("pre");
  }

  // The pre elements of a block that hold hidden lines.
  function presOf(block) {
    var pres = block.matches("pre") ? [block] : Array.prototype.slice.call(block.querySelectorAll("pre"));
    return pres.filter(function (pre) { return pre.querySelector(".boring") !== null; });
  }

  function setUp() {
    var lines = document.querySelectorAll("pre .boring");
    if (!lines.length) return;
    var words = labels();
    var blocks = [];
    Array.prototype.forEach.call(lines, function (line) {
      var block = blockOf(line);
      if (block && blocks.indexOf(block) < 0) blocks.push(block);
    });
    blocks.forEach(function (block) {
      if (block.querySelector(".hidden-lines-toggle")) return;
      var pres = presOf(block);
      if (!pres.length) return;
      // A toggle button: its name stays "Show hidden lines", aria-pressed says whether they are shown.
      var button = document.createElement("button");
      button.type = "button";
      button.className = "hidden-lines-toggle";
      button.setAttribute("aria-label", words.toggle);
      button.setAttribute("aria-pressed", "false");
      button.title = words.toggle;
      button.innerHTML = ICON;
      button.addEventListener("click", function () {
        var shown = button.getAttribute("aria-pressed") !== "true";
        button.setAttribute("aria-pressed", shown ? "true" : "false");
        pres.forEach(function (pre) { pre.classList.toggle(HIDDEN, !shown); });
      });
      pres.forEach(function (pre) { pre.classList.add(HAS, HIDDEN); });
      block.classList.add(HAS);
      if (block.matches("pre")) block.insertBefore(button, block.firstChild); else block.appendChild(button);
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
  else setUp();
})();
