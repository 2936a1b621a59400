/* The app's own screens: favourites, settings, the components page and the profile (search.js serves the search page).
   Las pantallas propias de la app: favoritos, ajustes, componentes y perfil (search.js sirve la página de búsqueda).
   Classic deferred script, loaded after app.js by the pages that use it; its helpers come from app.js's kit. */
(function () {
  'use strict';

  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { announce, canFocus, closeOnClick, el, focusablesIn, hasString, openDialog, storeList, storeObject, storeRemove, storeSet, t, url,
    onRefresh } = V.kit;

  // English fallbacks of this script's strings. / Textos de reserva en inglés de este script.
  V.kit.fallbacks({
    favourites_empty: 'No favourites yet.',
    favourites_count: '{n} favourites',
    restore_done: 'Removed Pokémon restored.',
    profile_saved: 'Profile saved.',
    profile_reset_done: 'Profile restored.',
    component_name: 'Name',
    component_age: 'Age'
  });

  /* ================================================================
     Settings page and switches / Página de ajustes e interruptores
     ================================================================ */

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
      const settings = V.settings.get();
      const systemDark = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-color-scheme: dark)').matches;
      if (dark) setChecked(dark, settings.theme === 'dark' || (settings.theme === 'system' && systemDark));
      if (motion) setChecked(motion, settings.reducedMotion);
      if (shiny) setChecked(shiny, settings.shiny);
    }
    if (dark || motion || shiny) {
      syncSwitches();
      onRefresh(syncSwitches);
    }
    if (dark) dark.addEventListener('change', function () { V.settings.set({ theme: dark.checked ? 'dark' : 'light' }); });
    if (motion) motion.addEventListener('change', function () { V.settings.set({ reducedMotion: motion.checked }); });
    if (shiny) shiny.addEventListener('change', function () { V.settings.set({ shiny: shiny.checked }); });

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
     Favourites page / Página de favoritos
     ================================================================ */

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
    const remove = el('button', { type: 'button', class: 'btn favourite-remove', 'data-favourite-id': item.id }, [
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
      const items = V.favourites.list();
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
      V.favourites.set({ id: button.getAttribute('data-favourite-id') }, false);
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
    onRefresh(render);
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

  V.ready(function () {
    [initSwitches, initSettingsPage, initFavouritesPage, initComponents, initProfile].forEach(V.kit.run);
  });
})();
