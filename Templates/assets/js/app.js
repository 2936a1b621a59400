/* Vitrina client behaviours: storage, settings, dialogs, favourites, watched episodes, filters, search, components, profile.
   Comportamientos de Vitrina: almacenamiento, ajustes, diálogos, favoritos, episodios vistos, filtros, búsqueda, componentes, perfil.
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

  // English fallbacks, used only when #vitrina-strings lacks a key. / Textos de reserva en inglés si falta una clave.
  const FALLBACK_STRINGS = {
    favourite_add: 'Add to favourites',
    favourite_remove: 'Remove from favourites',
    favourites_empty: 'No favourites yet.',
    favourites_count: '{n} favourites',
    watched: 'Watched',
    not_watched: 'Not watched',
    watched_progress: '{n} / {total}',
    results_count: '{n} results',
    no_results: 'No results.',
    storage_unavailable: 'Your browser is not saving data for this site: changes last until you leave the page.',
    remove_confirm_title: 'Remove this Pokémon?',
    restore_done: 'Removed Pokémon restored.',
    search_results_for: 'Results for “{q}”',
    status_alive: 'Alive',
    status_dead: 'Dead',
    status_unknown: 'Unknown',
    profile_saved: 'Profile saved.',
    profile_reset_done: 'Profile restored.',
    component_name: 'Name',
    component_age: 'Age'
  };
  let stringTable = null;

  // Parse the page's string table once. / Lee una vez la tabla de textos de la página.
  function strings() {
    if (stringTable) return stringTable;
    const node = document.getElementById('vitrina-strings');
    let parsed = {};
    if (node) {
      try {
        parsed = JSON.parse(node.textContent || '{}');
      } catch (error) {
        parsed = {};
      }
    }
    const complete = node !== null && document.readyState !== 'loading';
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
     Settings and shiny sprites / Ajustes y sprites variocolor
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

  // Put settings on <html> (same code as settings.js) and on the sprites. / Aplica los ajustes a <html> y a los sprites.
  function applySettings(settings) {
    if (typeof V.applySettings === 'function') V.applySettings(settings);
    applyShiny(document);
    document.dispatchEvent(new CustomEvent('vitrina:settings', { detail: settings }));
  }

  // Change some settings, save and apply them. / Cambia, guarda y aplica ajustes.
  function setSettings(patch) {
    const next = Object.assign(getSettings(), patch || {});
    storeSet('settings', next);
    applySettings(next);
    return next;
  }

  // Swap every sprite between its normal and shiny file. / Cambia cada sprite entre su versión normal y variocolor.
  function applyShiny(scope) {
    const on = html.getAttribute('data-shiny') === 'on';
    (scope || document).querySelectorAll('img[data-shiny-src]').forEach(function (img) {
      if (!img.hasAttribute('data-normal-src')) img.setAttribute('data-normal-src', img.getAttribute('src') || '');
      const wanted = img.getAttribute(on ? 'data-shiny-src' : 'data-normal-src');
      if (wanted && img.getAttribute('src') !== wanted) img.setAttribute('src', wanted);
    });
  }

  // Check a box; a switch that carries aria-checked keeps it in step. / Marca una casilla; aria-checked sigue al estado.
  function setChecked(input, on) {
    input.checked = on;
    if (input.hasAttribute('aria-checked')) input.setAttribute('aria-checked', on ? 'true' : 'false');
  }

  // Every switch with aria-checked in the markup updates it when toggled. / Cada interruptor con aria-checked lo actualiza.
  function initSwitches() {
    document.querySelectorAll('input[type="checkbox"][role="switch"][aria-checked]').forEach(function (input) {
      input.addEventListener('change', function () { setChecked(input, input.checked); });
      setChecked(input, input.checked);
    });
  }

  // The settings page: three live switches and the restore button. / Página de ajustes: tres interruptores y el botón de restaurar.
  function initSettingsPage() {
    const form = document.getElementById('settings-form');
    const dark = document.getElementById('setting-dark');
    const motion = document.getElementById('setting-motion');
    const shiny = document.getElementById('setting-shiny');
    if (form) form.addEventListener('submit', function (event) { event.preventDefault(); });

    function syncSwitches() {
      const settings = getSettings();
      const systemDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
      if (dark) setChecked(dark, settings.theme === 'dark' || (settings.theme === 'system' && systemDark));
      if (motion) setChecked(motion, settings.reducedMotion);
      if (shiny) setChecked(shiny, settings.shiny);
    }
    if (dark || motion || shiny) {
      syncSwitches();
      refreshers.push(syncSwitches);
    }
    if (dark) dark.addEventListener('change', function () { setSettings({ theme: dark.checked ? 'dark' : 'light' }); });
    if (motion) motion.addEventListener('change', function () { setSettings({ reducedMotion: motion.checked }); });
    if (shiny) shiny.addEventListener('change', function () { setSettings({ shiny: shiny.checked }); });

    const restore = document.getElementById('restore-removed');
    const status = document.getElementById('restore-status');
    if (restore) {
      restore.addEventListener('click', function () {
        const count = storeList('removed').length;
        storeRemove('removed');
        announce(status, t('restore_done', { n: count }));
      });
    }
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
     Favourites: toggles and the favourites page / Favoritos: botones y página de favoritos
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

  // One card of the favourites page. A link or image that is not a path inside the site (kept in storage by an old version,
  // another script or a hand) is left out: the card still shows its title and its remove button, without a link.
  // Una tarjeta de la página de favoritos. Un enlace o imagen que no es una ruta del sitio se omite: la tarjeta sigue
  // mostrando su título y su botón de quitar, sin enlace.
  function favouriteCard(item) {
    const kind = item.id.split(':')[0].replace(/[^a-z0-9-]/gi, '') || 'item';
    const source = url(item.image);
    const image = source ? el('img', { src: source, width: 300, height: 300, alt: '', loading: 'lazy', decoding: 'async' }) : null;
    const link = el('a', { href: url(item.href) }, [image, el('span', { class: 'card-title' }, [item.title || item.id])]);
    const meta = item.kind ? el('p', { class: 'card-meta' }, [item.kind]) : null;
    const remove = el('button', { type: 'button', class: 'favourite-remove', 'data-favourite-id': item.id }, [
      t('favourite_remove'),
      el('span', { class: 'visually-hidden' }, [': ' + (item.title || item.id)])
    ]);
    return el('li', { class: 'card favourite-card favourite-' + kind, 'data-favourite-id': item.id }, [link, meta, remove]);
  }

  // The favourites page: list, empty state, count, remove buttons. / Página de favoritos: lista, vacío, recuento, quitar.
  function initFavouritesPage() {
    const list = document.getElementById('favourites-list');
    if (!list) return;
    const empty = document.getElementById('favourites-empty');
    const count = document.getElementById('favourites-count');

    function render() {
      const items = favouriteList();
      list.replaceChildren.apply(list, items.map(favouriteCard));
      list.hidden = items.length === 0;
      if (empty) {
        empty.hidden = items.length > 0;
        if (!empty.textContent.trim()) empty.textContent = t('favourites_empty');
      }
      if (count) {
        const template = hasString('favourites_count') ? 'favourites_count' : 'results_count';
        count.textContent = t(template, { n: items.length });
      }
      return items;
    }

    list.addEventListener('click', function (event) {
      const button = event.target.closest('.favourite-remove');
      if (!button) return;
      const buttons = Array.from(list.querySelectorAll('.favourite-remove'));
      const index = buttons.indexOf(button);
      setFavourite({ id: button.getAttribute('data-favourite-id') }, false);
      const items = render();
      // Focus the next remove button, or the empty state. / Foco al siguiente botón, o al estado vacío.
      const next = list.querySelectorAll('.favourite-remove')[Math.min(index, items.length - 1)];
      if (next) next.focus();
      else if (empty) {
        empty.setAttribute('tabindex', '-1');
        empty.focus();
      }
    });
    render();
    refreshers.push(render);
  }

  /* ================================================================
     Watched episodes on character pages / Episodios vistos en fichas de personaje
     ================================================================ */

  // Ids are stored as numbers when numeric. / Los ids numéricos se guardan como números.
  function storedId(id) {
    return /^\d+$/.test(id) ? Number(id) : id;
  }

  function initWatched() {
    const list = document.getElementById('episode-list');
    if (!list) return;
    const buttons = Array.from(list.querySelectorAll('.watched-toggle[data-episode-id]'));
    if (buttons.length === 0) return;
    const progress = document.getElementById('watched-progress');
    const count = document.getElementById('watched-count');

    // Each button is described by its episode's link. / Cada botón se describe con el enlace de su episodio.
    buttons.forEach(function (button) {
      const item = button.closest('li');
      const link = item && item.querySelector('a');
      if (link && !button.hasAttribute('aria-describedby')) {
        if (!link.id) link.id = 'episode-link-' + button.getAttribute('data-episode-id');
        button.setAttribute('aria-describedby', link.id);
      }
      if (!button.textContent.trim()) button.textContent = t('watched');
    });

    function sync() {
      const watched = new Set(storeList('watched').map(String));
      let seen = 0;
      buttons.forEach(function (button) {
        const on = watched.has(button.getAttribute('data-episode-id'));
        if (on) seen += 1;
        button.setAttribute('aria-pressed', on ? 'true' : 'false');
        const item = button.closest('li');
        if (item) item.classList.toggle('is-watched', on);
      });
      if (progress) {
        progress.max = buttons.length;
        progress.value = seen;
      }
      if (count) count.textContent = t('watched_progress', { n: seen, total: buttons.length });
    }

    buttons.forEach(function (button) {
      button.addEventListener('click', function () {
        const id = button.getAttribute('data-episode-id');
        const on = button.getAttribute('aria-pressed') !== 'true';
        const ids = storeList('watched').filter(function (value) { return String(value) !== id; });
        if (on) ids.push(storedId(id));
        storeSet('watched', ids);
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
    refreshers.push(apply);
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

  /* ================================================================
     Characters filter / Filtro de personajes
     ================================================================ */

  // One card, the same markup as partials/character-card.mustache. / Una tarjeta, el mismo HTML que el parcial.
  function characterCard(character) {
    const source = url(character.i);
    const placeholder = !source || /assets\/placeholder\.svg$/.test(character.i);
    const img = el('img', {
      src: source || url('assets/placeholder.svg'),
      width: character.w || 300,
      height: character.ht || 300,
      alt: character.n || '',
      loading: 'lazy',
      decoding: 'async',
      class: placeholder ? 'placeholder' : null
    });
    const link = el('a', { href: url(character.h) }, [img, el('span', { class: 'card-title' }, [character.n || ''])]);
    const status = character.s || 'unknown';
    const statusLabel = character.sl || t('status_' + status);
    const badge = el('span', { class: 'status status-' + status }, [
      el('span', { class: 'status-dot', 'aria-hidden': 'true' }), statusLabel
    ]);
    const meta = el('p', { class: 'card-meta' }, [badge, ' · ' + (character.sp || '')]);
    return el('li', { class: 'card character-card' }, [link, meta]);
  }

  // Does a character match the filter? / ¿Coincide el personaje con el filtro?
  function characterMatches(character, filter) {
    if (filter.status && character.s !== filter.status) return false;
    if (filter.species && normalize(character.sp) !== normalize(filter.species)) return false;
    return !filter.name || normalize(character.n).indexOf(filter.name) !== -1;
  }

  function initCharacterFilter() {
    const form = document.getElementById('character-filter');
    const grid = document.getElementById('character-grid');
    const data = Array.isArray(V.characters) ? V.characters : null;
    if (!form || !grid || !data) return;
    const input = document.getElementById('character-q');
    const status = document.getElementById('character-status');
    const species = document.getElementById('character-species');
    const clear = document.getElementById('character-clear');
    const count = document.getElementById('character-count');
    const empty = document.getElementById('character-empty');
    const paged = Array.from(document.querySelectorAll('.pagination, .page-label'));
    const original = Array.from(grid.childNodes);
    let filtered = false;

    // Current form values. / Valores actuales del formulario.
    function readForm() {
      return {
        name: input ? input.value.trim() : '',
        status: status ? status.value : '',
        species: species ? species.value : ''
      };
    }

    // Render matches, or restore the server page. / Pinta las coincidencias, o restaura la página del servidor.
    function apply() {
      const values = readForm();
      const active = !!(values.name || values.status || values.species);
      let total = data.length;
      if (active) {
        const filter = { name: normalize(values.name), status: values.status, species: values.species };
        const matches = data.filter(function (character) { return characterMatches(character, filter); });
        const fragment = document.createDocumentFragment();
        matches.forEach(function (character) { fragment.append(characterCard(character)); });
        grid.replaceChildren(fragment);
        total = matches.length;
        filtered = true;
      } else if (filtered) {
        grid.replaceChildren.apply(grid, original);
        filtered = false;
      }
      paged.forEach(function (node) { node.hidden = active; });
      grid.hidden = total === 0;
      if (empty) empty.hidden = total > 0;
      if (count) count.textContent = t('results_count', { n: total });
      return values;
    }

    const initial = readQuery(['name', 'status', 'species']);
    if (input) input.value = initial.name;
    setSelectValue(status, initial.status);
    setSelectValue(species, initial.species);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      writeQuery(apply());
    });
    if (clear) {
      clear.addEventListener('click', function () {
        if (input) input.value = '';
        if (status) status.value = '';
        if (species) species.value = '';
        writeQuery(apply());
        if (input) input.focus();
      });
    }
    apply();
  }

  /* ================================================================
     Site search page / Página de búsqueda del sitio
     ================================================================ */

  // A title with the matched parts in <mark>, accent-insensitive. / Un título con las coincidencias en <mark>, sin acentos.
  function highlight(title, tokens) {
    const chars = Array.from(String(title));
    let folded = '';
    const origin = [];
    chars.forEach(function (char, index) {
      const part = normalize(char);
      for (let k = 0; k < part.length; k += 1) origin.push(index);
      folded += part;
    });
    const marked = new Array(chars.length).fill(false);
    tokens.forEach(function (token) {
      const at = folded.indexOf(token);
      if (at === -1) return;
      for (let k = at; k < at + token.length; k += 1) marked[origin[k]] = true;
    });
    const fragment = document.createDocumentFragment();
    let run = '';
    let runMarked = false;
    function flush() {
      if (!run) return;
      fragment.append(runMarked ? el('mark', {}, [run]) : run);
      run = '';
    }
    chars.forEach(function (char, index) {
      if (marked[index] !== runMarked) {
        flush();
        runMarked = marked[index];
      }
      run += char;
    });
    flush();
    return fragment;
  }

  // Entries whose title has every word of the query. / Entradas cuyo título tiene cada palabra de la consulta.
  // The index lists each kind together, in the site's order of features: that is the order results are grouped in.
  // El índice lista cada tipo junto, en el orden de las funciones del sitio: así se agrupan los resultados.
  function searchIndex(index, tokens) {
    const rank = new Map();
    index.forEach(function (entry) { if (entry && !rank.has(entry.k)) rank.set(entry.k, rank.size); });
    const scored = [];
    index.forEach(function (entry, position) {
      if (!entry || typeof entry.t !== 'string') return;
      const title = normalize(entry.t);
      if (!tokens.every(function (token) { return title.indexOf(token) !== -1; })) return;
      scored.push({
        entry: entry,
        kind: rank.get(entry.k),
        prefix: title.indexOf(tokens[0]) === 0 ? 0 : 1,
        position: position
      });
    });
    scored.sort(function (a, b) { return a.kind - b.kind || a.prefix - b.prefix || a.position - b.position; });
    return scored.map(function (item) { return item.entry; });
  }

  function initSearchPage() {
    const results = document.getElementById('search-results');
    if (!results) return;
    const count = document.getElementById('search-count');
    const empty = document.getElementById('search-empty');
    const query = readQuery(['q']).q;
    document.querySelectorAll('form[role="search"] input[name="q"]').forEach(function (input) { input.value = query; });
    const tokens = normalize(query).split(/\s+/).filter(Boolean);
    if (tokens.length === 0) {
      results.replaceChildren();
      if (count) count.textContent = '';
      if (empty) empty.hidden = true;
      return;
    }
    const matches = searchIndex(Array.isArray(V.search) ? V.search : [], tokens);
    let lastKind = null;
    const items = matches.map(function (entry) {
      const first = entry.k !== lastKind;
      lastKind = entry.k;
      return el('li', { class: 'search-result kind-' + String(entry.k || 'other').replace(/[^a-z0-9-]/gi, '') + (first ? ' is-first-of-kind' : '') }, [
        el('a', { href: url(entry.h) }, [highlight(entry.t, tokens)]),
        ' ',
        el('span', { class: 'badge search-kind' }, [entry.kl || entry.k || ''])
      ]);
    });
    results.replaceChildren.apply(results, items);
    results.hidden = items.length === 0;
    const heading = t('search_results_for', { q: query });
    if (count) count.textContent = heading + ': ' + t('results_count', { n: items.length });
    if (empty) {
      empty.hidden = items.length > 0;
      if (!empty.textContent.trim()) empty.textContent = t('no_results');
    }
    document.title = heading + ' · ' + document.title;
  }

  /* ================================================================
     Components page / Página de componentes
     ================================================================ */

  // Text of the label for a control. / Texto de la etiqueta de un control.
  function labelText(control) {
    const label = control.id ? document.querySelector('label[for="' + control.id + '"]') : null;
    return (label || control.closest('label') || { textContent: '' }).textContent.trim();
  }

  // Switch the field between name (text) and age (number). / Cambia el campo entre nombre (texto) y edad (número).
  function applyComponentMode(field, mode, radio) {
    if (mode === 'age') {
      // Empty first: a number field warns about text it cannot parse. / Vacía antes: un campo numérico avisa del texto.
      field.value = '';
      field.removeAttribute('value');
      field.type = 'number';
      field.setAttribute('inputmode', 'numeric');
      field.min = '0';
      field.step = '1';
    } else {
      field.type = 'text';
      field.removeAttribute('inputmode');
      field.removeAttribute('min');
      field.removeAttribute('step');
    }
    const label = field.id ? document.querySelector('label[for="' + field.id + '"]') : null;
    const key = 'component_' + mode;
    if (label) label.textContent = hasString(key) ? t(key) : (labelText(radio) || t(key));
  }

  function initComponents() {
    const field = document.getElementById('component-text');
    const editable = document.getElementById('component-editable');
    const mode = document.getElementById('component-mode');
    const opener = document.getElementById('component-open-dialog');
    const dialog = document.getElementById('component-dialog');

    // The switch makes the field editable or read-only. / El interruptor hace el campo editable o de solo lectura.
    if (field && editable) {
      const sync = function () { field.readOnly = !editable.checked; };
      editable.addEventListener('change', sync);
      sync();
    }

    // The segmented control keeps one value per mode. / El control segmentado guarda un valor por modo.
    if (field && mode) {
      const values = {};
      const checked = mode.querySelector('input[type="radio"]:checked');
      let current = checked ? checked.value : 'name';
      if (checked) applyComponentMode(field, current, checked);
      mode.addEventListener('change', function (event) {
        const radio = event.target;
        if (!radio || radio.type !== 'radio' || radio.value === current) return;
        values[current] = field.value;
        current = radio.value;
        applyComponentMode(field, current, radio);
        field.value = values[current] || '';
      });
    }

    // The demo dialog. / El diálogo de muestra.
    if (opener && dialog) {
      opener.addEventListener('click', function () { openDialog(dialog, { opener: opener }); });
      closeOnClick(document.getElementById('component-dialog-close'), dialog, 'close');
    }
  }

  /* ================================================================
     Profile page / Página de perfil
     ================================================================ */

  function initProfile() {
    const view = document.getElementById('profile-view');
    const form = document.getElementById('profile-form');
    if (!view || !form) return;
    const nameNode = document.getElementById('profile-name');
    const edit = document.getElementById('profile-edit');
    const cancel = document.getElementById('profile-cancel');
    const reset = document.getElementById('profile-reset');
    const status = document.getElementById('profile-status');
    const fields = Array.from(view.querySelectorAll('[data-field]'));

    // Values shown in the view. / Valores que muestra la vista.
    function readView() {
      const values = { name: nameNode ? nameNode.textContent.trim() : '' };
      fields.forEach(function (field) {
        const dd = field.querySelector('dd');
        values[field.getAttribute('data-field')] = dd ? dd.textContent.trim() : '';
      });
      return values;
    }
    const defaults = readView();

    // Show values in the view. / Muestra valores en la vista.
    function writeView(values) {
      if (nameNode && typeof values.name === 'string' && values.name) nameNode.textContent = values.name;
      fields.forEach(function (field) {
        const key = field.getAttribute('data-field');
        const dd = field.querySelector('dd');
        if (dd && typeof values[key] === 'string') dd.textContent = values[key];
      });
    }

    // Form inputs ↔ values. / Campos del formulario ↔ valores.
    function fillForm(values) {
      Object.keys(values).forEach(function (key) {
        const input = form.elements.namedItem(key);
        if (input && 'value' in input) input.value = values[key];
      });
    }
    function readForm() {
      const values = {};
      Object.keys(defaults).forEach(function (key) {
        const input = form.elements.namedItem(key);
        values[key] = input && 'value' in input ? String(input.value).trim() : defaults[key];
      });
      if (!values.name) values.name = defaults.name;
      return values;
    }

    // Switch between viewing and editing. / Cambia entre ver y editar.
    function setEditing(on) {
      form.hidden = !on;
      view.hidden = on;
      if (edit) edit.hidden = on;
      if (on) {
        fillForm(readView());
        const first = focusablesIn(form)[0];
        if (first) first.focus();
      } else if (canFocus(edit)) {
        edit.focus();
      }
    }

    const saved = storeObject('profile');
    if (Object.keys(saved).length > 0) writeView(saved);

    if (edit) edit.addEventListener('click', function () { setEditing(true); });
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      const values = readForm();
      storeSet('profile', values);
      writeView(values);
      setEditing(false);
      announce(status, t('profile_saved'));
    });
    if (cancel) {
      cancel.addEventListener('click', function (event) {
        event.preventDefault();
        setEditing(false);
      });
    }
    form.addEventListener('keydown', function (event) {
      if (event.key === 'Escape') {
        event.preventDefault();
        setEditing(false);
      }
    });
    if (reset) {
      reset.addEventListener('click', function (event) {
        event.preventDefault();
        storeRemove('profile');
        writeView(defaults);
        fillForm(defaults);
        if (!form.hidden) setEditing(false);
        announce(status, t('profile_reset_done'));
      });
    }
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
  V.applyShiny = applyShiny;
  V.dialog = { open: openDialog, close: closeDialog };
  V.favourites = {
    list: favouriteList,
    has: function (id) { return favouriteList().some(function (item) { return item.id === id; }); },
    set: setFavourite
  };
  V.query = { read: readQuery, write: writeQuery };

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
    [initSwitches, initSettingsPage, initFavouriteToggles, initFavouritesPage, initWatched, initPokemonTable,
      initCharacterFilter, initSearchPage, initComponents, initProfile, listenForOutsideChanges].forEach(runFeature);
  });
})();
