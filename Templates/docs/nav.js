/* Docs: the sidebar's tree, filled on demand from shared nav scripts; the phone's drawer; contents that follow the reading.
   Guía: el árbol lateral, llenado bajo demanda con scripts compartidos; el cajón del móvil; contenidos que siguen la lectura.
   Classic deferred script after app.js: no modules, fetch or workers (file:// and sub-paths work). */
(() => {
  'use strict';
  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { el, t, url } = V.kit;
  V.kit.fallbacks({ docs_nav_more: 'Show more pages', docs_nav_earlier: 'Show earlier pages', draft_badge: 'Draft',
    docs_nav_failed: 'This section could not be loaded.', docs_nav_external: 'external site' });
  const nav = document.getElementById('docs-nav');
  const KEY = /^[\w-]{1,100}$/;
  const got = new Map(), loads = new Map(), lists = new WeakMap(), counted = new WeakSet();
  let map = null, mapLoad = null, spent = 0;

  // The shared scripts call these; defined before any loads. / Los scripts compartidos las llaman; existen antes.
  window.vitrinaNavIndex = m => { if (!map && m && typeof m === 'object') map = m; };
  window.vitrinaNav = (key, i, n, entries) => { if (Array.isArray(entries)) got.set(key + '/' + i, entries); };

  // A classic script, once (file:// allows <script src>). / Un script clásico, una vez.
  const load = src => {
    if (!loads.has(src)) loads.set(src, new Promise((ok, fail) => {
      const script = el('script', { src });
      script.onload = ok;
      script.onerror = () => { loads.delete(src); script.remove(); fail(); };
      document.head.append(script);
    }));
    return loads.get(src);
  };
  const files = key => map && Object.prototype.hasOwnProperty.call(map, key) && Array.isArray(map[key]) ? map[key] : [];

  // One chunk's entries and the section's chunk count. / Las entradas de un trozo y cuántos tiene la sección.
  const chunk = (key, i) => (mapLoad = mapLoad || load(nav.dataset.navIndex || '').catch(e => { mapLoad = null; throw e; }))
    .then(() => {
      const src = typeof files(key)[i] === 'string' && url('assets/' + files(key)[i]);
      if (!src) throw new Error(key);
      return load(src);
    }).then(() => {
      const entries = got.get(key + '/' + i);
      if (!entries) throw new Error(key);
      if (!counted.has(entries)) { counted.add(entries); spent += JSON.stringify(entries).length; }
      return [entries, files(key).length];
    });

  /* Entries as list items: text nodes only, links checked. / Entradas como elementos: solo texto, enlaces comprobados. */
  const abs = h => { try { return new URL(h, document.baseURI).href.split('#')[0]; } catch (e) { return ''; } };
  const here = abs(location.href);
  const str = v => typeof v === 'string' ? v : '';
  const href = (h, external) => !str(h) ? null : !external ? url(h)
    : /^https?:\/\/[^\s/\\]/i.test(h) && !/[\s\\\0-\x1f\x7f]/.test(h) ? h : null;
  const parts = (num, label) => num ? [el('span', { class: 'nav-num' }, [num]), ' ', label] : [label];
  const hidden = text => el('span', { class: 'visually-hidden' }, [text]);
  const li = (kind, children, attributes) => el('li', Object.assign({ class: 'nav-item' + (kind ? ' nav-' + kind : '') }, attributes), children);
  const head = (h, num, label) => h ? el('a', { href: h, 'aria-current': abs(h) === here ? 'page' : null }, parts(num, label))
    : el('span', { class: 'nav-text' }, parts(num, label));

  // [label, href, number, childKey, kind] as an <li>. / Una entrada como <li>.
  function item(e) {
    if (!Array.isArray(e)) return null;
    const label = str(e[0]), num = str(e[2]), key = KEY.test(str(e[3])) ? e[3] : '', kind = [1, 2, 3, 4].indexOf(e[4]) + 1;
    const h = kind === 0 || kind === 4 ? href(e[1], kind === 4) : null;
    if (kind === 3) return li('sep', [], { 'aria-hidden': 'true' });
    if (kind === 2) return li('part', [label]);
    if (kind === 1) return li('draft', [el('span', { class: 'nav-text' }, parts(num, label).concat(hidden(' (' + t('draft_badge') + ')')))]);
    if (kind === 4 && h) return li('ext', [el('a', { href: h, rel: 'external' }, [label, hidden(' (' + t('docs_nav_external') + ')')])]);
    if (!key) return li('', [head(h, num, label)]);
    const row = el('div', { class: 'nav-row' }, [head(h, num, label)]);
    return li('section', [row, closedList(row, key, label)], { 'data-nav-key': key });
  }

  // A closed section's toggle (added to its row) and its empty list, which pages leave out to stay small.
  // El botón de una sección cerrada (en su fila) y su lista vacía, que las páginas omiten para pesar poco.
  function closedList(row, key, label) {
    let id = 'docs-nav-' + key;
    while (document.getElementById(id)) id += '-';
    row.append(el('button', { type: 'button', class: 'nav-toggle', 'aria-expanded': 'false', 'aria-controls': id }, [hidden(label)]));
    return el('ol', { class: 'nav-list', id, hidden: true });
  }

  // Is this server item (on the path) the entry? It is kept, with its open subtree. / ¿Es este elemento del servidor la entrada?
  const same = (old, e) => {
    if (str(e[3])) return old.dataset.navKey === e[3];
    const a = old.querySelector(':scope > a'), h = href(e[1]);
    return !!a && !!h && abs(h) === abs(a.getAttribute('href'));
  };
  const items = (entries, keep) => entries.map(e => {
    const i = keep.findIndex(old => same(old, e));
    return i < 0 ? item(e) : keep.splice(i, 1)[0];
  }).filter(Boolean);
  const moreRow = earlier => li('more-item', [el('button', { type: 'button', class: 'nav-more', 'data-earlier': earlier ? 'true' : null },
    [t(earlier ? 'docs_nav_earlier' : 'docs_nav_more')])]);
  const failed = list => { if (!list.querySelector(':scope > .nav-error')) list.append(li('error', [t('docs_nav_failed')])); };
  const keyOf = list => { const owner = list.closest('[data-nav-key]'); return owner ? owner.dataset.navKey : ''; };
  const pathChunk = list => { const p = list.querySelector(':scope > li[data-nav-chunk]'); return p ? +p.dataset.navChunk || 0 : 0; };

  /* Filling lists chunk by chunk / Llenar listas trozo a trozo */
  function fill(list, i) {
    const key = keyOf(list);
    if (lists.has(list) || !KEY.test(key)) return Promise.resolve();
    const state = { key, first: i, last: i, count: 1, busy: true };
    lists.set(list, state);
    list.setAttribute('aria-busy', 'true');
    return chunk(key, i).then(([entries, count]) => {
      const keep = Array.from(list.querySelectorAll(':scope > li:not(.nav-more-item):not(.nav-error)'));
      const shown = items(entries, keep);
      list.replaceChildren(...keep, ...shown);
      if (i > 0) list.prepend(moreRow(true));
      if (i < count - 1) list.append(moreRow(false));
      Object.assign(state, { count, busy: false });
    }, () => { lists.delete(list); failed(list); }).then(() => list.removeAttribute('aria-busy'));
  }

  // The chunk before or after those shown; focus goes to the nearest new entry. / El trozo anterior o siguiente.
  function more(button) {
    const row = button.parentNode, list = row.parentNode, state = lists.get(list), earlier = button.hasAttribute('data-earlier');
    if (!state) { row.remove(); fill(list, pathChunk(list)); return; }
    if (state.busy) return;
    const i = earlier ? state.first - 1 : state.last + 1;
    state.busy = true;
    chunk(state.key, i).then(([entries]) => {
      const added = items(entries, []);
      if (earlier) { state.first = i; row.after(...added); } else { state.last = i; row.before(...added); }
      if (i === 0 || i === state.count - 1) row.remove();
      const target = added[earlier ? added.length - 1 : 0], focus = target && target.querySelector('a, button');
      if (focus) focus.focus();
    }, () => failed(list)).then(() => { state.busy = false; });
  }

  function toggle(button) {
    const list = document.getElementById(button.getAttribute('aria-controls'));
    if (!list) return;
    const open = button.getAttribute('aria-expanded') !== 'true';
    button.setAttribute('aria-expanded', open);
    list.hidden = !open;
    if (open) fill(list, 0);
  }

  // Path lists, deepest first, from the chunk holding the path; past half the budget they wait for a click.
  // Listas del camino, la más honda primero, desde su trozo; pasada la mitad del presupuesto esperan un clic.
  const fillPath = () => Array.from(nav.querySelectorAll('ol[data-nav-key], [data-nav-key] > ol:not([hidden])')).reverse()
    .reduce((done, list) => done.then(() => spent > 50 * 1024 ? list.append(moreRow(false)) : fill(list, pathChunk(list))), Promise.resolve());

  // Scroll the sidebar, not the page, to the current entry. / Desplaza la barra, no la página, hasta la entrada actual.
  function reveal() {
    const a = nav.querySelector('[aria-current="page"]');
    for (let box = a && a.parentNode; box && box !== document.body; box = box.parentNode) {
      if (/auto|scroll/.test(getComputedStyle(box).overflowY) && box.scrollHeight > box.clientHeight) {
        box.scrollTop += a.getBoundingClientRect().top - box.getBoundingClientRect().top - box.clientHeight / 3;
        return;
      }
    }
  }

  /* Drawer on phones / Cajón en el móvil */
  const menu = document.getElementById('docs-menu'), drawer = document.getElementById('docs-drawer');
  const closer = drawer && drawer.querySelector('.docs-close');
  let inert = [];
  const isOpen = () => menu.getAttribute('aria-expanded') === 'true';

  // Open: a modal panel, the rest inert, focus on the current entry. Close: focus back to Menu when asked.
  // Abrir: panel modal, el resto inerte, foco en la entrada actual. Cerrar: foco de vuelta a Menú si se pide.
  function setDrawer(open, refocus) {
    if (open === isOpen()) return;
    menu.setAttribute('aria-expanded', open);
    drawer.classList.toggle('is-open', open);
    if (open) {
      drawer.setAttribute('role', 'dialog');
      drawer.setAttribute('aria-modal', 'true');
      drawer.setAttribute('aria-label', menu.textContent.trim());
      for (let node = drawer; node !== document.body; node = node.parentNode) {
        for (const other of node.parentNode.children) {
          if (other !== node && !other.inert && other.tagName !== 'SCRIPT') { other.inert = true; inert.push(other); }
        }
      }
      reveal();
      (nav.querySelector('[aria-current="page"]') || closer).focus();
    } else {
      ['role', 'aria-modal', 'aria-label'].forEach(name => drawer.removeAttribute(name));
      inert.forEach(node => { node.inert = false; });
      inert = [];
      if (refocus) menu.focus();
    }
  }

  function initDrawer() {
    if (!nav || !menu || !drawer || !closer) return;
    menu.hidden = closer.hidden = false;
    menu.addEventListener('click', () => setDrawer(!isOpen(), true));
    closer.addEventListener('click', () => setDrawer(false, true));
    document.addEventListener('keydown', e => {
      if (e.key === 'Escape' && isOpen()) { e.preventDefault(); setDrawer(false, true); }
      // Tab wraps inside the open drawer instead of leaving the page. / Tab da la vuelta dentro del cajón abierto.
      if (e.key === 'Tab' && isOpen()) {
        const focusable = Array.from(drawer.querySelectorAll('a[href], button:not([hidden])')).filter(n => n.getClientRects().length);
        const first = focusable[0], last = focusable[focusable.length - 1];
        if (e.shiftKey ? document.activeElement === first : document.activeElement === last) {
          e.preventDefault();
          (e.shiftKey ? last : first).focus();
        }
      }
    });
    // A tap outside closes it, and so does a link to a heading here. / Un toque fuera lo cierra, y un enlace a un título.
    document.addEventListener('click', e => {
      if (!isOpen() || menu.contains(e.target)) return;
      if (!drawer.contains(e.target)) setDrawer(false, true);
      else if (e.target.closest('a[href^="#"]')) setDrawer(false, false);
    });
    matchMedia('(min-width: 48rem)').addEventListener('change', e => { if (e.matches) setDrawer(false, false); });
  }

  // The contents mark the heading being read. / Los contenidos marcan el título que se lee.
  function initToc() {
    const pairs = Array.from(document.querySelectorAll('.docs-toc a[href^="#"]'), a => {
      try { return [a, document.getElementById(decodeURIComponent(a.hash.slice(1)))]; } catch (e) { return [a, null]; }
    }).filter(pair => pair[1]);
    let queued = false;
    const mark = () => {
      queued = false;
      const active = pairs.filter(pair => pair[1].getBoundingClientRect().top < 120).pop();
      pairs.forEach(pair => pair === active ? pair[0].setAttribute('aria-current', 'location') : pair[0].removeAttribute('aria-current'));
    };
    if (!pairs.length) return;
    addEventListener('scroll', () => { if (!queued) { queued = true; requestAnimationFrame(mark); } }, { passive: true });
    mark();
  }

  function initTree() {
    if (!nav) return;
    nav.querySelectorAll('li.nav-section[data-nav-key]').forEach(section => {
      const row = section.querySelector(':scope > .nav-row');
      if (row && !row.querySelector(':scope > .nav-toggle') && KEY.test(section.dataset.navKey)) {
        section.append(closedList(row, section.dataset.navKey, row.textContent.trim()));
      }
    });
    nav.querySelectorAll('.nav-toggle').forEach(button => { button.hidden = false; });
    nav.addEventListener('click', e => {
      const button = e.target.closest('button');
      if (button && button.classList.contains('nav-toggle')) toggle(button);
      else if (button && button.classList.contains('nav-more')) more(button);
    });
    reveal();
    fillPath().then(reveal).then(() => nav.setAttribute('data-nav-ready', 'true'));
  }

  V.ready(() => [initTree, initDrawer, initToc].forEach(V.kit.run));
})();
