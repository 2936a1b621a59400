/* Docs layout: the sidebar's tree, whose sections come from shared nav scripts loaded on demand; the phone's drawer; the
   table of contents that follows the reading.
   Diseño de guía: el árbol lateral, con secciones de scripts compartidos cargados bajo demanda; el cajón del móvil; la
   tabla de contenidos que sigue la lectura.
   Classic deferred script after app.js: no modules, no fetch, no workers (works from file:// and under a sub-path). */
(function () {
  'use strict';

  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { el, t, url } = V.kit;
  V.kit.fallbacks({
    docs_nav_more: 'Show more pages', docs_nav_earlier: 'Show earlier pages',
    docs_nav_failed: 'This section could not be loaded.', docs_nav_external: 'external site', draft_badge: 'Draft'
  });

  const nav = document.getElementById('docs-nav');
  const KEY = /^[A-Za-z0-9_-]{1,100}$/;
  const BUDGET = 100 * 1024;
  const chunks = new Map();
  const scripts = new Map();
  const states = new WeakMap();
  const counted = new WeakSet();
  let indexMap = null;
  let indexPromise = null;
  let spent = 0;

  /* ================================================================
     Shared nav scripts / Scripts de navegación compartidos
     ================================================================ */

  // The shared scripts call these; defined before any is loaded. / Los scripts compartidos las llaman; existen antes de cargarlos.
  window.vitrinaNavIndex = function (map) {
    if (!indexMap && map && typeof map === 'object' && !Array.isArray(map)) indexMap = map;
  };
  window.vitrinaNav = function (key, number, count, entries) {
    if (typeof key === 'string' && Number.isInteger(number) && Array.isArray(entries)) chunks.set(key + '/' + number, entries);
  };

  // Load a classic script once, with <script src> (file:// allows it). / Carga un script clásico una vez.
  function load(src) {
    if (!scripts.has(src)) {
      scripts.set(src, new Promise(function (resolve, reject) {
        const script = el('script', { src: src });
        script.addEventListener('load', resolve);
        script.addEventListener('error', function () {
          scripts.delete(src);
          script.remove();
          reject(new Error('not loaded: ' + src));
        });
        document.head.append(script);
      }));
    }
    return scripts.get(src);
  }

  // The index of every section's chunk files. / El índice de los trozos de cada sección.
  function index() {
    if (!indexPromise) {
      indexPromise = load(nav.getAttribute('data-nav-index') || '').then(function () { return indexMap || {}; });
      indexPromise.catch(function () { indexPromise = null; });
    }
    return indexPromise;
  }

  // Chunk files of a section (site paths under assets/). / Los trozos de una sección.
  function files(map, key) {
    const list = Object.prototype.hasOwnProperty.call(map, key) ? map[key] : null;
    return Array.isArray(list) ? list : [];
  }

  // One chunk's entries. / Las entradas de un trozo.
  function chunk(key, number) {
    return index().then(function (map) {
      const path = files(map, key)[number];
      const src = typeof path === 'string' ? url('assets/' + path) : null;
      if (!src) throw new Error('no chunk ' + key + '/' + number);
      return load(src).then(function () {
        const entries = chunks.get(key + '/' + number);
        if (!entries) throw new Error('empty chunk ' + key + '/' + number);
        if (!counted.has(entries)) {
          counted.add(entries);
          spent += JSON.stringify(entries).length;
        }
        return { entries: entries, count: files(map, key).length };
      });
    });
  }

  /* ================================================================
     Entries as list items (text only, checked links) / Entradas como elementos (solo texto, enlaces comprobados)
     ================================================================ */

  function absolute(href) {
    try {
      return new URL(href, document.baseURI).href.split('#')[0];
    } catch (error) {
      return '';
    }
  }
  const here = absolute(location.href);

  // A link inside the site, or an http(s) one for external entries; anything else gets no href. / Enlace seguro o ninguno.
  function safeHref(href, external) {
    if (typeof href !== 'string' || href === '') return null;
    if (!external) return url(href);
    return /^https?:\/\/[^\s/\\]/i.test(href) && !/[\u0000-\u0020\u007f-\u009f\\]/.test(href) ? href : null;
  }

  function words(value) {
    return typeof value === 'string' ? value : '';
  }

  // Number and label as text nodes. / Número y etiqueta como nodos de texto.
  function parts(number, label) {
    return number ? [el('span', { class: 'nav-num' }, [number]), ' ', label] : [label];
  }

  function link(href, number, label) {
    const current = absolute(href) === here;
    return el('a', { href: href, 'aria-current': current ? 'page' : null }, parts(number, label));
  }

  // A section: its row (link or text, and toggle) and its empty, closed list. / Una sección: fila, botón y lista vacía cerrada.
  function section(key, href, number, label) {
    let id = 'docs-nav-' + key;
    while (document.getElementById(id)) id += '-';
    const toggle = el('button', { type: 'button', class: 'nav-toggle', 'aria-expanded': 'false', 'aria-controls': id },
      [el('span', { class: 'visually-hidden' }, [label])]);
    const head = href ? link(href, number, label) : el('span', { class: 'nav-text' }, parts(number, label));
    return el('li', { class: 'nav-item nav-section', 'data-nav-key': key }, [
      el('div', { class: 'nav-row' }, [head, toggle]),
      el('ol', { class: 'nav-list', id: id, hidden: true })
    ]);
  }

  // One entry [label, href, number, childKey, kind] as an <li>, or null. / Una entrada como <li>, o null.
  function item(entry) {
    if (!Array.isArray(entry)) return null;
    const label = words(entry[0]);
    const number = words(entry[2]);
    const key = KEY.test(words(entry[3])) ? entry[3] : '';
    const kind = [0, 1, 2, 3, 4].indexOf(entry[4]) === -1 ? 0 : entry[4];
    const href = kind === 0 || kind === 4 ? safeHref(entry[1], kind === 4) : null;
    if (kind === 3) return el('li', { class: 'nav-item nav-sep', 'aria-hidden': 'true' });
    if (kind === 2) return el('li', { class: 'nav-item nav-part' }, [label]);
    if (kind === 1) {
      return el('li', { class: 'nav-item nav-draft' }, [el('span', { class: 'nav-text' },
        parts(number, label).concat([el('span', { class: 'visually-hidden' }, [' (' + t('draft_badge') + ')'])]))]);
    }
    if (kind === 4 && href) {
      return el('li', { class: 'nav-item nav-ext' }, [el('a', { href: href, rel: 'external' },
        [label, el('span', { class: 'visually-hidden' }, [' (' + t('docs_nav_external') + ')'])])]);
    }
    if (key) return section(key, href, number, label);
    return el('li', { class: 'nav-item' }, [href ? link(href, number, label) : el('span', { class: 'nav-text' }, parts(number, label))]);
  }

  // Is this server-drawn item the one this entry describes? / ¿Es este elemento del servidor el de esta entrada?
  function same(existing, entry) {
    const key = words(entry[3]);
    if (key) return existing.getAttribute('data-nav-key') === key;
    const anchor = existing.querySelector(':scope > a');
    const href = safeHref(entry[1], false);
    return !!anchor && !!href && absolute(href) === absolute(anchor.getAttribute('href'));
  }

  // The items of one chunk; the server's item on the path is kept (it holds the open subtree). / Los elementos de un trozo.
  function items(entries, keep) {
    return entries.map(function (entry) {
      const found = keep.findIndex(function (existing) { return same(existing, entry); });
      return found === -1 ? item(entry) : keep.splice(found, 1)[0];
    }).filter(Boolean);
  }

  /* ================================================================
     Filling lists, chunk by chunk / Rellenar listas, trozo a trozo
     ================================================================ */

  // The "show more / earlier" button of a list. / El botón "mostrar más / anteriores" de una lista.
  function moreButton(list, earlier) {
    const button = el('button', { type: 'button', class: 'nav-more', 'data-earlier': earlier ? 'true' : null },
      [t(earlier ? 'docs_nav_earlier' : 'docs_nav_more')]);
    return el('li', { class: 'nav-item nav-more-item' }, [button]);
  }

  function failed(list, state) {
    list.removeAttribute('aria-busy');
    if (state) return;
    states.delete(list);
    if (!list.querySelector(':scope > .nav-error')) list.append(el('li', { class: 'nav-item nav-error' }, [t('docs_nav_failed')]));
  }

  // Fill a list with the chunk `number` of `key`, keeping the server's items. / Llena una lista con un trozo.
  function fill(list, key, number) {
    if (states.has(list)) return Promise.resolve();
    states.set(list, { key: key, first: number, last: number, count: 0, busy: true });
    list.setAttribute('aria-busy', 'true');
    return chunk(key, number).then(function (got) {
      const state = states.get(list);
      const keep = Array.from(list.querySelectorAll(':scope > li:not(.nav-more-item):not(.nav-error)'));
      const shown = items(got.entries, keep);
      state.count = got.count;
      state.busy = false;
      list.replaceChildren.apply(list, keep.concat(shown));
      if (number > 0) list.prepend(moreButton(list, true));
      if (number < got.count - 1) list.append(moreButton(list, false));
      list.removeAttribute('aria-busy');
    }, function () {
      states.delete(list);
      failed(list, null);
    });
  }

  // Show the chunk after (or before) those shown; focus goes to the first new entry. / Muestra el trozo siguiente o anterior.
  function more(button) {
    const list = button.closest('ol');
    const state = states.get(list);
    const earlier = button.hasAttribute('data-earlier');
    if (!state) {
      const row = button.parentNode;
      const path = list.querySelector(':scope > li[data-nav-chunk]');
      row.remove();
      fill(list, listKey(list), path ? Number(path.getAttribute('data-nav-chunk')) || 0 : 0);
      return;
    }
    if (state.busy) return;
    const number = earlier ? state.first - 1 : state.last + 1;
    state.busy = true;
    chunk(state.key, number).then(function (got) {
      state.busy = false;
      const row = button.parentNode;
      const added = items(got.entries, []);
      if (earlier) {
        state.first = number;
        row.after.apply(row, added);
        if (number === 0) row.remove();
      } else {
        state.last = number;
        row.before.apply(row, added);
        if (number >= state.count - 1) row.remove();
      }
      const target = (earlier ? added[added.length - 1] : added[0]);
      const focusable = target && target.querySelector('a, button');
      if (focusable) focusable.focus();
    }, function () {
      state.busy = false;
      failed(list, state);
    });
  }

  function listKey(list) {
    const owner = list.closest('[data-nav-key]');
    return owner ? owner.getAttribute('data-nav-key') : '';
  }

  // Open or close a section; its first opening loads its first chunk. / Abre o cierra una sección; la primera vez la carga.
  function toggle(button) {
    const list = document.getElementById(button.getAttribute('aria-controls') || '');
    if (!list) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', String(open));
    list.hidden = !open;
    const key = listKey(list);
    if (open && KEY.test(key) && !states.has(list)) fill(list, key, 0);
  }

  // The lists on the path, deepest first, each from the chunk holding its path entry; past the budget a list waits for a
  // click. / Las listas del camino, de la más honda hacia arriba; pasado el presupuesto esperan un clic.
  function fillPath() {
    const lists = Array.from(nav.querySelectorAll('ol[data-nav-key], .nav-section[data-nav-key] > ol:not([hidden])')).reverse();
    return lists.reduce(function (previous, list) {
      return previous.then(function () {
        const key = listKey(list);
        if (!KEY.test(key)) return null;
        const path = list.querySelector(':scope > li[data-nav-chunk]');
        if (spent > BUDGET / 2) {
          list.append(moreButton(list, false));
          return null;
        }
        return fill(list, key, path ? Number(path.getAttribute('data-nav-chunk')) || 0 : 0);
      });
    }, Promise.resolve());
  }

  // Scroll the sidebar (not the page) so the current entry is in view. / Desplaza la barra (no la página) hasta la actual.
  function revealCurrent() {
    const current = nav.querySelector('a[aria-current="page"]');
    if (!current) return;
    for (let box = current.parentNode; box && box !== document.body; box = box.parentNode) {
      const overflow = getComputedStyle(box).overflowY;
      if ((overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight) {
        const offset = current.getBoundingClientRect().top - box.getBoundingClientRect().top;
        box.scrollTop += offset - box.clientHeight / 3;
        return;
      }
    }
  }

  /* ================================================================
     Drawer on phones / Cajón en el móvil
     ================================================================ */

  const menu = document.getElementById('docs-menu');
  const drawer = document.getElementById('docs-drawer');
  const closer = drawer && drawer.querySelector('.docs-close');
  const phone = window.matchMedia('(max-width: 47.99rem)');
  let inerted = [];

  function isOpen() {
    return !!menu && menu.getAttribute('aria-expanded') === 'true';
  }

  // Open: a modal panel, the rest inert, focus on the current entry. Close: focus back to Menu when asked.
  // Abrir: panel modal, el resto inerte, foco en la entrada actual. Cerrar: foco de vuelta al botón si se pide.
  function setDrawer(open, refocus) {
    if (!menu || !drawer || open === isOpen()) return;
    menu.setAttribute('aria-expanded', String(open));
    drawer.classList.toggle('is-open', open);
    if (open) {
      drawer.setAttribute('role', 'dialog');
      drawer.setAttribute('aria-modal', 'true');
      drawer.setAttribute('aria-label', menu.textContent.trim());
      for (let node = drawer; node.parentNode && node !== document.body; node = node.parentNode) {
        Array.from(node.parentNode.children).forEach(function (sibling) {
          if (sibling !== node && !sibling.inert && sibling.tagName !== 'SCRIPT') {
            sibling.inert = true;
            inerted.push(sibling);
          }
        });
      }
      revealCurrent();
      const target = nav && nav.querySelector('a[aria-current="page"]');
      (target || closer).focus();
    } else {
      ['role', 'aria-modal', 'aria-label'].forEach(function (name) { drawer.removeAttribute(name); });
      inerted.forEach(function (node) { node.inert = false; });
      inerted = [];
      if (refocus) menu.focus();
    }
  }

  function initDrawer() {
    if (!menu || !drawer) return;
    menu.hidden = false;
    if (closer) closer.hidden = false;
    menu.addEventListener('click', function () { setDrawer(!isOpen(), true); });
    if (closer) closer.addEventListener('click', function () { setDrawer(false, true); });
    document.addEventListener('keydown', function (event) {
      if (event.key === 'Escape' && isOpen()) {
        event.preventDefault();
        setDrawer(false, true);
      }
    });
    // A click outside the panel, or on a link to this page's headings, closes it. / Un clic fuera o en un enlace interno lo cierra.
    document.addEventListener('click', function (event) {
      if (!isOpen()) return;
      const anchor = event.target.closest && event.target.closest('a[href^="#"]');
      if (!drawer.contains(event.target) && !menu.contains(event.target)) setDrawer(false, true);
      else if (anchor && drawer.contains(anchor)) setDrawer(false, false);
    });
    phone.addEventListener('change', function () { if (!phone.matches) setDrawer(false, false); });
  }

  /* ================================================================
     Table of contents follows the reading / La tabla de contenidos sigue la lectura
     ================================================================ */

  function initToc() {
    const links = Array.from(document.querySelectorAll('.docs-toc a[href^="#"]'));
    const pairs = links.map(function (anchor) {
      let id = '';
      try {
        id = decodeURIComponent(anchor.getAttribute('href').slice(1));
      } catch (error) {
        id = '';
      }
      return [anchor, document.getElementById(id)];
    }).filter(function (pair) { return pair[1]; });
    if (!pairs.length) return;
    let queued = false;
    function mark() {
      queued = false;
      let active = null;
      pairs.forEach(function (pair) {
        if (pair[1].getBoundingClientRect().top < 120) active = pair[0];
      });
      pairs.forEach(function (pair) {
        if (pair[0] === active) pair[0].setAttribute('aria-current', 'location');
        else pair[0].removeAttribute('aria-current');
      });
    }
    window.addEventListener('scroll', function () {
      if (!queued) {
        queued = true;
        window.requestAnimationFrame(mark);
      }
    }, { passive: true });
    mark();
  }

  /* ================================================================
     Start / Arranque
     ================================================================ */

  function initTree() {
    if (!nav) return;
    nav.querySelectorAll('.nav-toggle[hidden]').forEach(function (button) { button.hidden = false; });
    nav.addEventListener('click', function (event) {
      const button = event.target.closest('button');
      if (!button || !nav.contains(button)) return;
      if (button.classList.contains('nav-toggle')) toggle(button);
      else if (button.classList.contains('nav-more')) more(button);
    });
    revealCurrent();
    fillPath().then(revealCurrent, revealCurrent).then(function () { nav.setAttribute('data-nav-ready', 'true'); });
  }

  V.ready(function () {
    [initTree, initDrawer, initToc].forEach(V.kit.run);
  });
})();
