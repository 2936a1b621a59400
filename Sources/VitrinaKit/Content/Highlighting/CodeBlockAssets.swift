/// The files highlighted code needs in every theme: the token colours with the line-number and copy-button rules
/// (`assets/highlight.css`), and the copy button's script (`assets/js/code.js`). A theme's own file of the same path wins.
/// Los ficheros que el código resaltado necesita en cualquier tema; el fichero propio del tema gana.
public enum CodeBlockAssets {
    public static let stylesheetPath = "assets/highlight.css"
    public static let scriptPath = "assets/js/code.js"

    /// The files to add to a theme for `settings`; none when highlighting is off.
    public static func files(for settings: HighlightSettings) -> [String: String] {
        guard let colours = settings.stylesheet else { return [:] }
        return [stylesheetPath: colours + "\n" + blockStylesheet, scriptPath: script]
    }

    /// Line numbers that are never selected or copied, marked lines, and the copy button's place (no layout shift).
    static let blockStylesheet = #"""
    /* Vitrina: code blocks. Line numbers are never selected (nor copied); the copy button sits over the block's
       top-right corner, absolutely, so adding it moves nothing. */
    .highlight { position: relative; }
    .highlight pre { overflow-x: auto; }
    .chroma .lnt, .chroma .ln { user-select: none; -webkit-user-select: none; }
    /* A theme's rules for inline code and tables stay out of highlighted blocks. */
    .highlight .chroma code { padding: 0; border: 0; border-radius: 0; background: none; white-space: inherit; font-size: inherit; }
    /* Line numbers in a table: the block scrolls as one; the cells' pre take the block's colours. */
    .highlight > .chroma { overflow-x: auto; }
    .highlight .chroma .lntable { display: table; width: 100%; max-width: none; margin: 0; overflow: visible; border-collapse: separate; font-size: inherit; line-height: inherit; }
    .highlight .chroma .lntd { padding: 0; border: 0; background: none; }
    .highlight .chroma .lntd:last-child { width: 100%; }
    .highlight .chroma .lntd pre { margin: 0; overflow: visible; border: 0; border-radius: 0; background: none; color: inherit; box-shadow: none; }
    .highlight .chroma .lntd:first-child pre { padding-right: 0; }
    .highlight .chroma .lntd + .lntd pre { padding-left: 0.5em; }

    /* The copy button (added by assets/js/code.js): shown while the block is hovered or anything in it has focus, so it
       covers no code otherwise (on a phone: until the block is tapped); always reachable with Tab. */
    .code-copy {
      position: absolute; top: 0.375rem; right: 0.375rem; z-index: 1;
      display: inline-flex; align-items: center; justify-content: center;
      box-sizing: border-box; width: 2rem; height: 2rem; margin: 0; padding: 0;
      border: 1px solid #6e7781; border-radius: 6px;
      background: #ffffff; color: #1f2328; box-shadow: 0 1px 2px rgb(0 0 0 / 0.12);
      font: inherit; line-height: 1; cursor: pointer;
      opacity: 0;
    }
    .highlight:hover > .code-copy, .highlight:focus-within > .code-copy, .code-copy[data-copied] { opacity: 1; }
    .code-copy:hover { background: #f3f4f6; }
    .code-copy:focus-visible { opacity: 1; outline: 3px solid #0550ae; outline-offset: 1px; box-shadow: 0 0 0 1px #ffffff; }
    .code-copy svg { display: block; width: 1rem; height: 1rem; fill: none; stroke: currentColor; stroke-width: 2; stroke-linecap: round; stroke-linejoin: round; pointer-events: none; }
    .code-copy .code-copy-done, .code-copy[data-copied] .code-copy-icon { display: none; }
    .code-copy[data-copied] .code-copy-done { display: block; }
    .code-copy[data-copied] { color: #116329; border-color: #1a7f37; }
    .code-copy-label, .code-copy-status {
      position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; border: 0;
      overflow: hidden; clip: rect(0 0 0 0); clip-path: inset(50%); white-space: nowrap;
    }
    @media (hover: hover) and (prefers-reduced-motion: no-preference) { .code-copy { transition: opacity 0.15s ease-in-out; } }
    @media print { .code-copy { display: none; } }
    @media (prefers-color-scheme: dark) {
      :root:not([data-theme="light"]) .code-copy { border-color: #8b949e; background: #21262d; color: #e6edf3; box-shadow: none; }
      :root:not([data-theme="light"]) .code-copy:hover { background: #30363d; }
      :root:not([data-theme="light"]) .code-copy:focus-visible { outline-color: #58a6ff; box-shadow: 0 0 0 1px #0d1117; }
      :root:not([data-theme="light"]) .code-copy[data-copied] { color: #56d364; border-color: #3fb950; }
    }
    :root[data-theme="dark"] .code-copy { border-color: #8b949e; background: #21262d; color: #e6edf3; box-shadow: none; }
    :root[data-theme="dark"] .code-copy:hover { background: #30363d; }
    :root[data-theme="dark"] .code-copy:focus-visible { outline-color: #58a6ff; box-shadow: 0 0 0 1px #0d1117; }
    :root[data-theme="dark"] .code-copy[data-copied] { color: #56d364; border-color: #3fb950; }
    """#

    /// The copy button (plain JavaScript, from file:// too).
    static let script = #"""
    /* Vitrina: a copy button on every highlighted code block (div.highlight). A plain script (no modules), so it runs
       from file:// and under any sub-path. It copies the code as written: without the line numbers of a table (only
       the code cell) or of inline numbers (the .ln spans are left out). */
    (function () {
      "use strict";
      var LABELS = {
        es: { copy: "Copiar código", copied: "Copiado", failed: "No se pudo copiar" },
        en: { copy: "Copy code", copied: "Copied", failed: "Could not copy" }
      };
      var SHOWN_FOR = 2000;
      var ICONS = '<svg class="code-copy-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">'
        + '<rect x="9" y="9" width="12" height="12" rx="2"></rect><path d="M5 15H4a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h10a1 1 0 0 1 1 1v1"></path></svg>'
        + '<svg class="code-copy-done" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M4 12.5l5 5L20 6.5"></path></svg>';

      function labels() {
        var lang = (document.documentElement.getAttribute("lang") || "").toLowerCase().split("-")[0];
        return Object.prototype.hasOwnProperty.call(LABELS, lang) ? LABELS[lang] : LABELS.en;
      }

      // The block's code as written: the code cell of a line-number table, else its code, less any line number.
      function codeOf(block) {
        var code = block.querySelector(".lntd:last-child code") || block.querySelector("code");
        if (!code) return "";
        var copy = code.cloneNode(true);
        var numbers = copy.querySelectorAll(".ln, .lnt");
        for (var i = 0; i < numbers.length; i++) numbers[i].parentNode.removeChild(numbers[i]);
        return copy.textContent;
      }

      // Without the Clipboard API (an http:// page that is not localhost, an old browser) or when it refuses:
      // a hidden textarea, selected and copied; the focus goes back where it was.
      function copyBySelection(text) {
        var previous = document.activeElement;
        var area = document.createElement("textarea");
        area.value = text;
        area.setAttribute("readonly", "");
        area.setAttribute("aria-hidden", "true");
        area.tabIndex = -1;
        area.style.cssText = "position:fixed;top:0;left:0;width:1px;height:1px;padding:0;border:0;opacity:0;pointer-events:none;";
        document.body.appendChild(area);
        var copied = false;
        try {
          area.focus({ preventScroll: true });
          area.select();
          area.setSelectionRange(0, text.length);
          copied = document.execCommand("copy");
        } catch (error) {
          copied = false;
        }
        document.body.removeChild(area);
        if (previous && typeof previous.focus === "function") previous.focus({ preventScroll: true });
        return copied;
      }

      function copyText(text) {
        var clipboard = navigator.clipboard;
        if (clipboard && typeof clipboard.writeText === "function") {
          return clipboard.writeText(text).then(null, function () {
            if (!copyBySelection(text)) throw new Error("copy refused");
          });
        }
        return new Promise(function (resolve, reject) {
          if (copyBySelection(text)) resolve(); else reject(new Error("copy refused"));
        });
      }

      function setUp() {
        var blocks = document.querySelectorAll("div.highlight");
        if (!blocks.length) return;
        var words = labels();
        // One live region for the page, empty until something is copied: screen readers say what it then says.
        var status = document.querySelector(".code-copy-status");
        if (!status) {
          status = document.createElement("div");
          status.className = "code-copy-status";
          status.setAttribute("role", "status");
          status.setAttribute("aria-live", "polite");
          status.setAttribute("aria-atomic", "true");
          document.body.appendChild(status);
        }
        var statusTimer = 0;

        function announce(message) {
          status.textContent = message;
          clearTimeout(statusTimer);
          statusTimer = setTimeout(function () { status.textContent = ""; }, SHOWN_FOR);
        }

        Array.prototype.forEach.call(blocks, function (block) {
          if (block.querySelector(":scope > .code-copy")) return;
          var button = document.createElement("button");
          button.type = "button";
          button.className = "code-copy";
          button.title = words.copy;
          button.innerHTML = ICONS + '<span class="code-copy-label"></span>';
          var label = button.querySelector(".code-copy-label");
          label.textContent = words.copy;
          var timer = 0;

          function show(message, copied) {
            label.textContent = message;
            button.title = message;
            if (copied) button.setAttribute("data-copied", ""); else button.removeAttribute("data-copied");
            announce(message);
            clearTimeout(timer);
            timer = setTimeout(function () {
              label.textContent = words.copy;
              button.title = words.copy;
              button.removeAttribute("data-copied");
            }, SHOWN_FOR);
          }

          button.addEventListener("click", function () {
            copyText(codeOf(block)).then(function () { show(words.copied, true); }, function () { show(words.failed, false); });
          });
          block.appendChild(button);
        });
      }

      if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp);
      else setUp();
    })();
    """#
}
