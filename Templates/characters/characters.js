/* Character pages: watched episodes and the filtered grid of cards.
   Fichas de personaje: episodios vistos y la cuadrícula filtrada de tarjetas.
   Classic deferred script, loaded after app.js by the pages that use it; its helpers come from app.js's kit. */
(function () {
  'use strict';

  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { el, normalize, readQuery, setSelectValue, storeList, storeSet, t, url, writeQuery, storedId, onRefresh } = V.kit;

  // English fallbacks of this script's strings. / Textos de reserva en inglés de este script.
  V.kit.fallbacks({
    watched: 'Watched',
    not_watched: 'Not watched',
    watched_progress: '{n} / {total}',
    status_alive: 'Alive',
    status_dead: 'Dead',
    status_unknown: 'Unknown'
  });

  /* ================================================================
     Watched episodes on character pages / Episodios vistos en fichas de personaje
     ================================================================ */



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
    onRefresh(sync);
  }

  /* ================================================================
     Characters filter / Filtro de personajes
     ================================================================ */

  // One card, the same markup as characters/card.mustache. / Una tarjeta, el mismo HTML que el parcial.
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

  V.ready(function () {
    [initWatched, initCharacterFilter].forEach(V.kit.run);
  });
})();
