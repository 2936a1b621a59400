/* Vitrina's client behaviours every page needs: storage, settings, dialogs, favourite buttons, the URL's query state, and
   the kit the scripts of single features use (Templates/<feature>/*.js), which bring their own behaviours and strings.
   Lo que necesita cada página: almacenamiento, ajustes, diálogos, botones de favorito, estado en la URL y utilidades.
   Classic deferred script (no modules, works under file://); every feature checks its root element first. */
(function () {
  'use strict';

  const V = window.VITRINA = window.VITRINA || {};
  const html = document.documentElement;
  const PREFIX = 'vitrina.v1.';

  /* ================================================================
     Basics: readiness, strings, paths, text / Básicos: arranque, textos, rutas
     ================================================================ */

  // Run once the DOM and every deferred data script are there. / Ejecuta cuando el DOM y los datos diferidos están listos.
  function ready(fn) {
    let done = false;
    const run = function () {
      if (done) return;
      done = true;
      fn();
    };
    if (document.readyState === 'complete') run();
    else {
      document.addEventListener('DOMContentLoaded', run);
      window.addEventListener('load', run);
    }
  }

  // English fallbacks, used only when #vitrina-strings lacks a key; each feature's script adds its own (`V.kit.fallbacks`).
  // Textos de reserva en inglés si falta una clave; el script de cada función añade los suyos.
  const FALLBACK_STRINGS = {
    favourite_add: 'Add to favourites',
    favourite_remove: 'Remove from favourites',
    results_count: '{n} results',
    no_results: 'No results.',
    storage_unavailable: 'Your browser is not saving data for this site: changes last until you leave the page.'
  };

  // A feature's fallbacks, added where the layout has none. / Los textos de reserva de una función.
  function addFallbacks(more) {
    Object.keys(more || {}).forEach(function (key) {
      if (!Object.prototype.hasOwnProperty.call(FALLBACK_STRINGS, key)) FALLBACK_STRINGS[key] = more[key];
    });
  }
  let stringTable = null;

  // Parse the page's string table once. / Lee una vez la tabla de textos de la página.
  function strings() {
    if (stringTable) return stringTable;
    // The language's strings script (window.VITRINA_STRINGS), or a layout's inline #vitrina-strings.
    // El script de textos del idioma, o el #vitrina-strings de un diseño que aún los lleva dentro.
    const given = window.VITRINA_STRINGS;
    const node = given ? null : document.getElementById('vitrina-strings');
    let parsed = given || {};
    if (node) {
      try {
        parsed = JSON.parse(node.textContent || '{}');
      } catch (error) {
        parsed = {};
      }
    }
    const complete = (given || node !== null) && document.readyState !== 'loading';
    const table = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? parsed : {};
    if (complete) stringTable = table;
    return table;
  }

  // True when the page really translates this key (the build writes the key itself when missing). / ¿Existe la traducción?
  function hasString(key) {
    const value = strings()[key];
    return typeof value === 'string' && value !== '' && value !== key;
  }

  // Replace {name} placeholders. / Sustituye los marcadores {nombre}.
  function format(template, vars) {
    return String(template).replace(/\{(\w+)\}/g, function (match, name) {
      return vars && Object.prototype.hasOwnProperty.call(vars, name) ? String(vars[name]) : match;
    });
  }

  // Translate a key, with placeholders; "KEY_one" is used for n = 1 when the page has it. / Traduce una clave; "CLAVE_one" si n = 1.
  function t(key, vars) {
    const singular = vars && Number(vars.n) === 1 && hasString(key + '_one') ? key + '_one' : null;
    const template = singular ? strings()[singular] : hasString(key) ? strings()[key] : (FALLBACK_STRINGS[key] || '');
    return format(template, vars);
  }

  // Relative path from this page to the site root. / Ruta relativa de la página a la raíz del sitio.
  function root() {
    return html.getAttribute('data-root') || '';
  }

  // Is this a plain relative path inside the site? Stored and data-script values are checked before they become an href or
  // a src: no scheme, no leading / or \, no //, no backslash, no control characters or edge spaces (browsers strip them and
  // " //evil.example" turns protocol-relative), no .. that climbs above the site root (also written %2e%2e).
  // ¿Es una ruta relativa dentro del sitio? Los valores guardados y de los scripts de datos se comprueban antes de ser un href o
  // un src: sin esquema, sin / ni \ al principio, sin //, sin barra invertida, sin caracteres de control ni espacios en los
  // bordes, sin .. que suba por encima de la raíz del sitio (tampoco escrito %2e%2e).
  function isSitePath(path) {
    if (typeof path !== 'string' || path === '' || path !== path.trim()) return false;
    if (/[\u0000-\u001f\u007f-\u009f\\]/.test(path) || path.indexOf('//') !== -1 || /^[/?#]/.test(path)) return false;
    const segments = path.split(/[?#]/)[0].split('/');
    if (segments[0].indexOf(':') !== -1) return false;
    let depth = 0;
    return segments.every(function (segment) {
      const name = segment.toLowerCase().replace(/%2e/g, '.');
      if (name === '..') depth -= 1;
      else if (name !== '.' && name !== '') depth += 1;
      return depth >= 0;
    });
  }

  // A root-relative path from storage or a data script as a link from this page; null when it is not a site path, so the
  // element gets no href or src at all. / Una ruta desde la raíz como enlace desde esta página; null si no es del sitio.
  function url(path) {
    return isSitePath(path) ? root() + path : null;
  }

  // Lower case without accents, for matching. / Minúsculas sin acentos, para comparar.
  // Ids are stored as numbers when numeric. / Los ids numéricos se guardan como números.
  function storedId(id) {
    return /^\d+$/.test(id) ? Number(id) : id;
  }

  function normalize(text) {
    return String(text == null ? '' : text).normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  }

  // Motion is reduced by the setting or by the system. / Movimiento reducido por ajuste o por el sistema.
  function reducedMotion() {
    if (html.getAttribute('data-motion') === 'reduced') return true;
    return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  }

  // Build an element with attributes and children. / Crea un elemento con atributos e hijos.
  function el(tag, attributes, children) {
    const node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (name) {
      const value = attributes[name];
      if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) node.append(child);
    });
    return node;
  }

  // Can focus go to this element right now? / ¿Puede recibir el foco ahora?
  function canFocus(node) {
    return !!node && node.isConnected && typeof node.focus === 'function' && !node.disabled &&
      !node.closest('[hidden], [inert]') && node.getClientRects().length > 0;
  }

  // Say something in a live region, even when the text repeats. / Anuncia un texto en una región viva, aunque se repita.
  function announce(node, text) {
    if (!node) return;
    if (node.textContent === text) {
      node.textContent = '';
      window.setTimeout(function () { node.textContent = text; }, 50);
    } else {
      node.textContent = text;
    }
  }

  /* ================================================================
     Storage: versioned keys, JSON, memory fallback / Almacenamiento: claves versionadas, JSON, reserva en memoria
     ================================================================ */

  const memory = new Map();
  let storageWorks = true;

  // Show the storage banner once per page. / Muestra el aviso de almacenamiento una vez por página.
  function showStorageWarning() {
    if (!document.body) {
      ready(showStorageWarning);
      return;
    }
    if (document.querySelector('.storage-warning')) return;
    const banner = el('div', { class: 'storage-warning', role: 'status' }, [t('storage_unavailable')]);
    const main = document.getElementById('main') || document.querySelector('main');
    if (main) main.prepend(banner);
    else document.body.prepend(banner);
  }

  // From now on the page keeps its data in memory. / Desde ahora la página guarda sus datos en memoria.
  function storageFailed() {
    if (!storageWorks) return;
    storageWorks = false;
    showStorageWarning();
  }

  // Read a raw string: memory after a failure, else localStorage. / Lee el texto guardado: memoria tras un fallo, si no localStorage.
  function readRaw(key) {
    if (!storageWorks && memory.has(key)) return memory.get(key);
    try {
      const raw = window.localStorage.getItem(key);
      memory.set(key, raw);
      return raw;
    } catch (error) {
      storageFailed();
      return memory.has(key) ? memory.get(key) : null;
    }
  }

  // Read a JSON value, or the fallback when absent or corrupt. / Lee un valor JSON, o el de reserva si falta o está roto.
  function storeGet(name, fallback) {
    const raw = readRaw(PREFIX + name);
    if (raw === null || raw === undefined) return fallback;
    try {
      return JSON.parse(raw);
    } catch (error) {
      return fallback;
    }
  }

  // Write a JSON value; memory always has the latest copy. / Escribe un valor JSON; la memoria tiene siempre la última copia.
  function storeSet(name, value) {
    const key = PREFIX + name;
    const raw = JSON.stringify(value);
    memory.set(key, raw);
    if (!storageWorks) return false;
    try {
      window.localStorage.setItem(key, raw);
      return true;
    } catch (error) {
      storageFailed();
      return false;
    }
  }

  // Forget a value. / Borra un valor.
  function storeRemove(name) {
    const key = PREFIX + name;
    memory.set(key, null);
    if (!storageWorks) return false;
    try {
      window.localStorage.removeItem(key);
      return true;
    } catch (error) {
      storageFailed();
      return false;
    }
  }

  // Typed readers. / Lectores con tipo.
  function storeList(name) {
    const value = storeGet(name, []);
    return Array.isArray(value) ? value : [];
  }
  function storeObject(name) {
    const value = storeGet(name, {});
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }

  const store = {
    get: storeGet,
    set: storeSet,
    remove: storeRemove,
    list: storeList,
    object: storeObject,
    key: function (name) { return PREFIX + name; },
    available: function () { return storageWorks; }
  };

  // Features register how to redraw when storage changes elsewhere. / Cada función registra cómo redibujarse si cambia el almacenamiento.
  const refreshers = [];
  function refreshAll() {
    refreshers.forEach(function (fn) { fn(); });
  }

  /* ================================================================
     Settings / Ajustes
     ================================================================ */

  // Saved settings with defaults. / Ajustes guardados con valores por defecto.
  function getSettings() {
    const saved = storeObject('settings');
    return {
      theme: saved.theme === 'dark' || saved.theme === 'light' ? saved.theme : 'system',
      reducedMotion: saved.reducedMotion === true,
      shiny: saved.shiny === true
    };
  }

  // Put settings on <html> (same code as settings.js) and tell the features (`vitrina:settings`).
  // Aplica los ajustes a <html> y avisa a las funciones.
  function applySettings(settings) {
    if (typeof V.applySettings === 'function') V.applySettings(settings);
    document.dispatchEvent(new CustomEvent('vitrina:settings', { detail: settings }));
  }

  // Change some settings, save and apply them. / Cambia, guarda y aplica ajustes.
  function setSettings(patch) {
    const next = Object.assign(getSettings(), patch || {});
    storeSet('settings', next);
    applySettings(next);
    return next;
  }

  /* ================================================================
     Dialogs: showModal, focus trap, Escape, focus back / Diálogos: modal, foco atrapado, Escape, foco de vuelta
     ================================================================ */

  const dialogState = new WeakMap();
  const wiredDialogs = new WeakSet();
  const FOCUSABLE = 'a[href], area[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';

  // Focusable elements inside a container, in order. / Elementos enfocables de un contenedor, en orden.
  function focusablesIn(container) {
    return Array.from(container.querySelectorAll(FOCUSABLE)).filter(function (node) {
      return node.tabIndex >= 0 && canFocus(node);
    });
  }

  // Keep Tab inside the open dialog. / Mantiene el tabulador dentro del diálogo abierto.
  function trapFocus(event) {
    if (event.key !== 'Tab') return;
    const dialog = event.currentTarget;
    const items = focusablesIn(dialog);
    if (items.length === 0) {
      event.preventDefault();
      return;
    }
    const first = items[0];
    const last = items[items.length - 1];
    const active = document.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  // After closing: run the callback, then move focus back. / Al cerrar: ejecuta la función y devuelve el foco.
  function afterDialogClose(dialog) {
    const state = dialogState.get(dialog);
    if (!state) return;
    dialogState.delete(dialog);
    let target = state.onClose ? state.onClose(dialog.returnValue || '') : null;
    if (!canFocus(target)) target = state.opener;
    if (canFocus(target)) target.focus();
  }

  // Listeners every dialog needs, added once. / Escuchadores de cada diálogo, una sola vez.
  function wireDialog(dialog) {
    if (wiredDialogs.has(dialog)) return;
    wiredDialogs.add(dialog);
    dialog.addEventListener('keydown', trapFocus);
    dialog.addEventListener('close', function () { afterDialogClose(dialog); });
    dialog.addEventListener('keydown', function (event) {
      // Escape for browsers without native modal dialogs. / Escape para navegadores sin diálogo nativo.
      if (event.key === 'Escape' && typeof dialog.showModal !== 'function') closeDialog(dialog, 'cancel');
    });
    dialog.addEventListener('click', function (event) {
      const closer = event.target.closest('[data-dialog-close]');
      if (closer && dialog.contains(closer)) {
        event.preventDefault();
        closeDialog(dialog, closer.value || 'cancel');
        return;
      }
      // A click on the backdrop (outside the box) cancels. / Un clic en el fondo (fuera de la caja) cancela.
      if (event.target === dialog && event.detail > 0) {
        const box = dialog.getBoundingClientRect();
        const outside = event.clientX < box.left || event.clientX > box.right || event.clientY < box.top || event.clientY > box.bottom;
        if (outside) closeDialog(dialog, 'cancel');
      }
    });
  }

  // Open a dialog as modal; options: opener, focus, onClose(returnValue) → element to focus. / Abre un diálogo modal.
  function openDialog(dialog, options) {
    if (!dialog) return false;
    const opts = options || {};
    wireDialog(dialog);
    dialogState.set(dialog, { opener: opts.opener || document.activeElement, onClose: opts.onClose || null });
    dialog.returnValue = '';
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    const target = canFocus(opts.focus) ? opts.focus : (dialog.querySelector('[autofocus]') || focusablesIn(dialog)[0]);
    if (canFocus(target)) target.focus();
    return true;
  }

  // Close a dialog with a return value. / Cierra un diálogo con un valor de retorno.
  function closeDialog(dialog, value) {
    if (!dialog) return;
    const result = value === undefined || value === null ? '' : String(value);
    if (typeof dialog.close === 'function') {
      if (dialog.open) dialog.close(result);
    } else if (dialog.hasAttribute('open')) {
      dialog.removeAttribute('open');
      dialog.returnValue = result;
      afterDialogClose(dialog);
    }
  }

  // A button that closes its dialog (contract ids like #remove-cancel). / Un botón que cierra su diálogo.
  function closeOnClick(button, dialog, value) {
    if (!button || !dialog) return;
    button.addEventListener('click', function (event) {
      event.preventDefault();
      closeDialog(dialog, value);
    });
  }

  /* ================================================================
     Favourites: the toggle buttons / Favoritos: los botones
     ================================================================ */

  // Stored favourites, well-formed only. / Favoritos guardados, solo los bien formados.
  function favouriteList() {
    return storeList('favourites').filter(function (item) {
      return item && typeof item === 'object' && typeof item.id === 'string' && item.id !== '';
    });
  }

  // Add or remove one favourite, keeping insertion order. / Añade o quita un favorito, en orden de inserción.
  function setFavourite(item, on) {
    const list = favouriteList().filter(function (entry) { return entry.id !== item.id; });
    if (on) list.push(item);
    storeSet('favourites', list);
    return list;
  }

  // The item a toggle button describes. / El elemento que describe un botón de favorito.
  function favouriteFromButton(button) {
    return {
      id: button.getAttribute('data-favourite-id'),
      title: button.getAttribute('data-title') || '',
      href: button.getAttribute('data-href') || '',
      image: button.getAttribute('data-image') || '',
      kind: button.getAttribute('data-kind-label') || ''
    };
  }

  // Show a toggle as pressed or not, with the matching text. / Muestra un botón pulsado o no, con su texto.
  function showFavouriteState(button, on) {
    const text = t(on ? 'favourite_remove' : 'favourite_add');
    button.setAttribute('aria-pressed', on ? 'true' : 'false');
    button.title = text;
    const label = button.querySelector('.favourite-label') || button.querySelector('.visually-hidden');
    if (label) label.textContent = text;
    else button.setAttribute('aria-label', text);
  }

  // Toggle buttons on character and product pages. / Botones de favorito en fichas de personaje y producto.
  function initFavouriteToggles() {
    const buttons = Array.from(document.querySelectorAll('.favourite-toggle[data-favourite-id]'))
      .filter(function (button) { return button.getAttribute('data-favourite-id') !== ''; });
    if (buttons.length === 0) return;
    function sync() {
      const ids = new Set(favouriteList().map(function (item) { return item.id; }));
      buttons.forEach(function (button) { showFavouriteState(button, ids.has(button.getAttribute('data-favourite-id'))); });
    }
    buttons.forEach(function (button) {
      button.addEventListener('click', function () {
        const item = favouriteFromButton(button);
        const on = button.getAttribute('aria-pressed') !== 'true';
        setFavourite(item, on);
        sync();
      });
    });
    sync();
    refreshers.push(sync);
  }

  /* ================================================================
     URL query state / Estado en la consulta de la URL
     ================================================================ */

  // Read some query parameters. / Lee parámetros de la consulta.
  function readQuery(names) {
    const params = new URLSearchParams(window.location.search);
    const values = {};
    names.forEach(function (name) { values[name] = (params.get(name) || '').trim(); });
    return values;
  }

  // Write parameters with replaceState (empty ones are dropped). / Escribe parámetros con replaceState (sin los vacíos).
  function writeQuery(values) {
    const params = new URLSearchParams(window.location.search);
    Object.keys(values).forEach(function (name) {
      if (values[name]) params.set(name, values[name]);
      else params.delete(name);
    });
    const query = params.toString();
    const next = window.location.pathname + (query ? '?' + query : '') + window.location.hash;
    try {
      window.history.replaceState(window.history.state, '', next);
    } catch (error) {
      // Some browsers refuse under file://; the filter still works. / Algunos lo rechazan en file://; el filtro sigue.
    }
  }

  // Fill a <select> only with a value it offers. / Rellena un <select> solo con un valor que ofrece.
  function setSelectValue(select, value) {
    if (!select) return '';
    const match = Array.from(select.options).find(function (option) { return option.value === value; });
    select.value = match ? value : '';
    return select.value;
  }

  /* ================================================================
     Public API and start-up / API pública y arranque
     ================================================================ */

  V.version = 1;
  V.ready = ready;
  V.t = t;
  V.format = format;
  V.root = root;
  V.url = url;
  V.normalize = normalize;
  V.reducedMotion = reducedMotion;
  V.store = store;
  V.settings = { get: getSettings, set: setSettings, apply: applySettings };
  V.dialog = { open: openDialog, close: closeDialog };
  V.favourites = {
    list: favouriteList,
    has: function (id) { return favouriteList().some(function (item) { return item.id === id; }); },
    set: setFavourite
  };
  V.query = { read: readQuery, write: writeQuery };
  // Helpers for the scripts of single features (Templates/<feature>/*.js), which load after this one.
  // Utilidades para los scripts de cada función, que cargan después de este.
  V.kit = {
    announce: announce, canFocus: canFocus, closeOnClick: closeOnClick, el: el, focusablesIn: focusablesIn, hasString: hasString,
    normalize: normalize, openDialog: openDialog, readQuery: readQuery, reducedMotion: reducedMotion, setSelectValue: setSelectValue,
    storeList: storeList, storeObject: storeObject, storeRemove: storeRemove, storeSet: storeSet, strings: strings, t: t, url: url,
    writeQuery: writeQuery, storedId: storedId, fallbacks: addFallbacks,
    onRefresh: function (fn) { refreshers.push(fn); },
    run: function (feature) { runFeature(feature); }
  };

  // Run one feature; a fault in one must not stop the others. / Ejecuta una función; un fallo no detiene las demás.
  function runFeature(feature) {
    try {
      feature();
    } catch (error) {
      window.setTimeout(function () { throw error; });
    }
  }

  // Storage changed in another tab, or the page came back from the back/forward cache. / Cambios en otra pestaña o vuelta atrás.
  function listenForOutsideChanges() {
    window.addEventListener('storage', function (event) {
      if (event.key !== null && event.key.indexOf(PREFIX) !== 0) return;
      if (event.key === null) memory.clear();
      else memory.delete(event.key);
      applySettings(getSettings());
      refreshAll();
    });
    window.addEventListener('pageshow', function (event) {
      if (!event.persisted) return;
      memory.clear();
      applySettings(getSettings());
      refreshAll();
    });
  }

  ready(function () {
    runFeature(function () { applySettings(getSettings()); });
    [initFavouriteToggles, listenForOutsideChanges].forEach(runFeature);
  });
})();
