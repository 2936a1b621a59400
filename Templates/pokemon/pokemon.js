/* The Pokémon pages: the table filtered by name and type, rows removed and restored, and sprites swapped for their shiny
   variants by the shiny setting.
   Las páginas de Pokémon: la tabla filtrada y sus filas quitadas y recuperadas, y los sprites variocolor del ajuste.
   Classic deferred script, loaded after app.js by the pages that use it; its helpers come from app.js's kit. */
(function () {
  'use strict';

  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { canFocus, closeOnClick, el, normalize, openDialog, readQuery, reducedMotion, setSelectValue, storeList, storeSet, strings, t, writeQuery, storedId, onRefresh } = V.kit;
  const html = document.documentElement;

  // English fallbacks of this script's strings. / Textos de reserva en inglés de este script.
  V.kit.fallbacks({ remove_confirm_title: 'Remove this Pokémon?' });

  /* ================================================================
     Shiny sprites / Sprites variocolor
     ================================================================ */

  // Swap every sprite between its normal and shiny file. / Cambia cada sprite entre su versión normal y variocolor.
  function applyShiny(scope) {
    const on = html.getAttribute('data-shiny') === 'on';
    (scope || document).querySelectorAll('img[data-shiny-src]').forEach(function (img) {
      if (!img.hasAttribute('data-normal-src')) img.setAttribute('data-normal-src', img.getAttribute('src') || '');
      const wanted = img.getAttribute(on ? 'data-shiny-src' : 'data-normal-src');
      if (wanted && img.getAttribute('src') !== wanted) img.setAttribute('src', wanted);
    });
  }
  // The settings change in this page or another tab. / Los ajustes cambian en esta página o en otra pestaña.
  document.addEventListener('vitrina:settings', function () { applyShiny(document); });

  /* ================================================================
     Pokémon table: filter and remove / Tabla de Pokémon: filtro y quitar
     ================================================================ */

  // Removed Pokémon ids, as strings. / Ids de Pokémon quitados, como texto.
  function removedIds() {
    return new Set(storeList('removed').map(String));
  }

  // Does a row match the name-or-number query and the type? / ¿Coincide la fila con el nombre o número y el tipo?
  function pokemonRowMatches(row, query, type) {
    if (type) {
      const types = (row.getAttribute('data-types') || '').split(/[\s,|]+/);
      if (types.indexOf(type) === -1) return false;
    }
    if (!query) return true;
    const number = query.match(/^#?\s*0*(\d+)$/);
    if (number && Number(row.getAttribute('data-id')) === Number(number[1])) return true;
    return (row.getAttribute('data-name') || '').split('|').some(function (name) {
      return normalize(name).indexOf(query) !== -1;
    });
  }

  // The name shown for a row. / El nombre que muestra una fila.
  function pokemonRowName(row) {
    const cell = row.querySelector('.name a, .name, th[scope="row"]');
    const text = cell ? cell.textContent.trim() : '';
    return text || (row.getAttribute('data-name') || '').split('|').pop();
  }

  function initPokemonTable() {
    const rows = Array.from(document.querySelectorAll('.pokemon-table tr[data-id]'));
    if (rows.length === 0) return;
    const form = document.getElementById('pokemon-filter');
    const input = document.getElementById('pokemon-q');
    const select = document.getElementById('pokemon-type');
    const clear = document.getElementById('pokemon-clear');
    const count = document.getElementById('pokemon-count');
    const empty = document.getElementById('pokemon-empty');
    const wrap = rows[0].closest('.table-wrap') || rows[0].closest('table');

    // Show the rows that match and are not removed; update count and empty state. / Muestra las filas que coinciden.
    function apply() {
      const query = normalize(input ? input.value.trim() : '');
      const type = select ? select.value : '';
      const removed = removedIds();
      let visible = 0;
      rows.forEach(function (row) {
        if (row.classList.contains('is-removing')) return;
        const show = !removed.has(row.getAttribute('data-id')) && pokemonRowMatches(row, query, type);
        row.hidden = !show;
        if (show) visible += 1;
      });
      if (count && form) count.textContent = t('results_count', { n: visible });
      if (empty) empty.hidden = visible > 0;
      if (wrap) wrap.hidden = visible === 0;
      return visible;
    }

    // Filter state ↔ URL. / Estado del filtro ↔ URL.
    function applyAndRemember() {
      apply();
      writeQuery({ q: input ? input.value.trim() : '', type: select ? select.value : '' });
    }

    if (form) {
      const initial = readQuery(['q', 'type']);
      if (input) input.value = initial.q;
      setSelectValue(select, initial.type);
      form.addEventListener('submit', function (event) {
        event.preventDefault();
        applyAndRemember();
      });
      if (clear) {
        clear.addEventListener('click', function () {
          if (input) input.value = '';
          if (select) select.value = '';
          applyAndRemember();
          if (input) input.focus();
        });
      }
    }
    apply();
    onRefresh(apply);
    initRowRemoval(rows, apply);
  }

  // Remove buttons with a confirmation dialog. / Botones de quitar con diálogo de confirmación.
  function initRowRemoval(rows, refresh) {
    const dialog = document.getElementById('remove-dialog');
    const confirmButton = document.getElementById('remove-confirm');
    const nameSlot = document.getElementById('remove-name');
    if (!dialog || !confirmButton) return;
    closeOnClick(confirmButton, dialog, 'confirm');
    closeOnClick(document.getElementById('remove-cancel'), dialog, 'cancel');

    // The nearest remove button still shown after this row. / El botón de quitar visible más cercano tras esta fila.
    function neighbourButton(row) {
      const visible = rows.filter(function (other) {
        return other === row || (!other.hidden && !other.classList.contains('is-removing'));
      });
      const index = visible.indexOf(row);
      const next = visible[index + 1] || visible[index - 1];
      return next ? next.querySelector('.row-remove') : null;
    }

    // Hide the row (fading unless motion is reduced) and remember it. / Oculta la fila (con fundido) y la recuerda.
    function removeRow(row) {
      const id = row.getAttribute('data-id');
      const target = neighbourButton(row);
      const ids = storeList('removed').filter(function (value) { return String(value) !== id; });
      ids.push(storedId(id));
      storeSet('removed', ids);
      if (reducedMotion()) {
        row.hidden = true;
        refresh();
      } else {
        row.classList.add('is-removing');
        window.setTimeout(function () {
          row.classList.remove('is-removing');
          row.hidden = true;
          refresh();
        }, 220);
        refresh();
      }
      if (target) return target;
      // No row left nearby: the empty state, else the filter field. / Sin filas cerca: el estado vacío o el campo del filtro.
      const empty = document.getElementById('pokemon-empty');
      if (canFocus(empty)) {
        empty.setAttribute('tabindex', '-1');
        return empty;
      }
      return document.getElementById('pokemon-q');
    }

    rows.forEach(function (row) {
      const button = row.querySelector('.row-remove');
      if (!button) return;
      button.addEventListener('click', function () {
        if (nameSlot) nameSlot.textContent = pokemonRowName(row);
        openDialog(dialog, {
          opener: button,
          focus: confirmButton,
          onClose: function (value) { return value === 'confirm' ? removeRow(row) : button; }
        });
      });
    });
  }

  V.ready(function () {
    [function () { applyShiny(document); }, initPokemonTable].forEach(V.kit.run);
  });
})();
