/* The characters' map (data-page="map"): pins from the characters' data script, the synced carousel and filter.
   El mapa de personajes: chinchetas del script de datos, el carrusel sincronizado y el filtro.
   Classic deferred script, loaded before assets/js/map.js, which calls it with its kit when it starts. */
(function () {
  'use strict';

  var V = window.VITRINA = window.VITRINA || {};
  V.mapPages = V.mapPages || {};
  V.mapPages['map'] = {
    beforeMaps: function (kit) {
      var SELECT_ZOOM = 4;          // minimum zoom when a character is chosen
      var centreOn = kit.centreOn;
      var createPin = kit.createPin;
      var number = kit.number;
      var pinLayer = kit.pinLayer;
      var reducedMotion = kit.reducedMotion;
      var siteUrl = kit.siteUrl;
      var states = kit.states;
      var svgEl = kit.svgEl;
      var t = kit.t;
      var updateScale = kit.updateScale;
      var zoomOf = kit.zoomOf;

      function statusKey(s) { return s === 'alive' || s === 'dead' ? s : 'unknown'; }

      function statusWord(c) {
        return c.sl || t('status_' + statusKey(c.s), null, statusKey(c.s));
      }

      function statusBadge(c, tag) {
        var badge = document.createElement(tag || 'span');
        badge.className = 'status status-' + statusKey(c.s);
        var dot = document.createElement('span');
        dot.className = 'status-dot';
        dot.setAttribute('aria-hidden', 'true');
        badge.appendChild(dot);
        badge.appendChild(document.createTextNode(statusWord(c)));
        return badge;
      }

      function characterImage(c, size) {
        var source = siteUrl(c.i);
        if (!source) return null;
        var img = document.createElement('img');
        img.src = source;
        img.alt = '';
        img.width = c.w || size;
        img.height = c.ht || size;
        img.loading = 'lazy';
        img.decoding = 'async';
        return img;
      }

      function initCharacterMap() {
        var el = document.querySelector('[data-map]');
        var data = window.VITRINA && Array.isArray(window.VITRINA.characters) ? window.VITRINA.characters : [];
        if (!el) return;
        var svg = el.querySelector('svg');
        if (!svg) return;
        el.setAttribute('data-map-links', '');

        var carousel = document.getElementById('map-carousel');
        var filter = document.getElementById('map-filter');
        var panel = document.getElementById('map-info');
        var byId = new Map();
        var order = [];
        var selectedId = null;

        // Pins: one <g>, one <a> per character, built off-document in a fragment.
        var layer = pinLayer(svg);
        var pinFragment = document.createDocumentFragment();
        var cardFragment = document.createDocumentFragment();
        data.forEach(function (c) {
          var x = number(c.x, NaN), y = number(c.y, NaN);
          if (!isFinite(x) || !isFinite(y) || c.id == null) return;
          var id = String(c.id);
          var pin = createPin({
            id: id, x: x, y: y, href: siteUrl(c.h), status: statusKey(c.s),
            label: c.n + ' (' + statusWord(c) + ')', tabindex: -1
          });
          pinFragment.appendChild(pin);
          var item = null, button = null;
          if (carousel) {
            item = document.createElement('li');
            item.setAttribute('data-pin-id', id);
            button = document.createElement('button');
            button.type = 'button';
            button.className = 'carousel-card';
            button.tabIndex = -1;
            var img = characterImage(c, 300);
            if (img) button.appendChild(img);
            var name = document.createElement('span');
            name.className = 'carousel-name';
            name.textContent = c.n;
            button.appendChild(name);
            button.appendChild(statusBadge(c));
            item.appendChild(button);
            cardFragment.appendChild(item);
          }
          byId.set(id, { c: c, pin: pin, item: item, button: button, x: x, y: y });
          order.push(id);
        });
        layer.appendChild(pinFragment);
        if (carousel) {
          carousel.textContent = '';
          carousel.appendChild(cardFragment);
        }
        setRovingCard(firstVisible());

        function isVisible(id) {
          var entry = byId.get(id);
          return entry && !entry.pin.classList.contains('is-filtered');
        }

        function firstVisible() {
          for (var i = 0; i < order.length; i++) if (isVisible(order[i])) return order[i];
          return null;
        }

        function setRovingCard(id) {
          byId.forEach(function (entry, key) {
            if (entry.button) entry.button.tabIndex = key === id ? 0 : -1;
          });
        }

        function scrollCard(entry) {
          if (!entry.item || entry.item.hidden) return;
          // Smooth only for short hops: a long smooth scroll across hundreds of cards is slow to settle.
          var far = false;
          if (carousel) {
            var box = carousel.getBoundingClientRect(), at = entry.item.getBoundingClientRect();
            far = Math.abs(at.left - box.left) > box.width * 3;
          }
          entry.item.scrollIntoView({ inline: 'center', block: 'nearest', behavior: reducedMotion() || far ? 'instant' : 'smooth' });
        }

        function select(id, source) {
          var entry = byId.get(id);
          if (!entry || !isVisible(id)) return;
          var previous = selectedId != null ? byId.get(selectedId) : null;
          if (previous) {
            previous.pin.classList.remove('is-selected');
            var oldPulse = previous.pin.querySelector('.pin-pulse');
            if (oldPulse) oldPulse.remove();
            if (previous.button) previous.button.removeAttribute('aria-current');
          }
          selectedId = id;
          entry.pin.classList.add('is-selected');
          if (!entry.pin.querySelector('.pin-pulse')) {
            entry.pin.insertBefore(svgEl('circle', { 'class': 'pin-pulse', cx: entry.x, cy: entry.y, r: 2 }), entry.pin.querySelector('.pin-dot'));
          }
          layer.appendChild(entry.pin); // drawn on top of its neighbours
          if (entry.button) entry.button.setAttribute('aria-current', 'true');
          setRovingCard(id);
          var st = states.get(el);
          if (source !== 'pin') {
            centreOn(el, entry.x, entry.y, Math.max(st ? zoomOf(st.view) : 1, SELECT_ZOOM));
          } else if (st) {
            updateScale(st);
          }
          scrollCard(entry);
          showInfo(entry.c);
        }

        function deselect() {
          if (selectedId == null) return;
          var entry = byId.get(selectedId);
          if (entry) {
            entry.pin.classList.remove('is-selected');
            var pulse = entry.pin.querySelector('.pin-pulse');
            if (pulse) pulse.remove();
            if (entry.button) entry.button.removeAttribute('aria-current');
          }
          selectedId = null;
          if (panel) panel.hidden = true;
        }

        function showInfo(c) {
          if (!panel) return;
          var fields = {
            name: c.n,
            status: statusWord(c),
            location: c.loc || '',
            episodes: c.e != null ? t('episodes_count', { n: c.e }, '{n}') : ''
          };
          var slots = panel.querySelectorAll('[data-info]');
          if (slots.length) {
            // The page provides its own slots: fill them.
            Array.prototype.forEach.call(slots, function (slot) {
              var key = slot.getAttribute('data-info');
              if (key === 'link') {
                var href = siteUrl(c.h);
                if (href) slot.href = href;
                else slot.removeAttribute('href');
              } else if (key === 'image') {
                var source = siteUrl(c.i);
                if (source) { slot.src = source; slot.alt = ''; }
              } else if (key === 'status') {
                slot.className = slot.className.replace(/\bstatus-\w+/g, '').trim() + ' status-' + statusKey(c.s);
                slot.textContent = fields.status;
              } else if (Object.prototype.hasOwnProperty.call(fields, key)) {
                slot.textContent = fields[key];
                if (key === 'location') slot.hidden = !fields.location;
              }
            });
          } else {
            panel.textContent = '';
            var img = characterImage(c, 96);
            if (img) { img.className = 'map-info-image'; img.loading = 'eager'; panel.appendChild(img); }
            var body = document.createElement('div');
            body.className = 'map-info-body';
            var heading = document.createElement('h2');
            heading.className = 'map-info-name';
            heading.textContent = c.n;
            body.appendChild(heading);
            var status = statusBadge(c, 'p');
            status.classList.add('map-info-status');
            body.appendChild(status);
            if (fields.location) {
              var loc = document.createElement('p');
              loc.className = 'map-info-location';
              loc.textContent = fields.location;
              body.appendChild(loc);
            }
            if (fields.episodes) {
              var eps = document.createElement('p');
              eps.className = 'map-info-episodes';
              eps.textContent = fields.episodes;
              body.appendChild(eps);
            }
            var profile = siteUrl(c.h);
            if (profile) {
              var link = document.createElement('a');
              link.className = 'button map-info-link';
              link.href = profile;
              link.textContent = t('map_view_profile', null, 'Ver ficha');
              body.appendChild(link);
            }
            panel.appendChild(body);
          }
          panel.hidden = false;
        }

        // Pins: one delegated listener on the layer.
        layer.addEventListener('click', function (event) {
          var pin = event.target.closest('.map-pin[data-pin-id]');
          if (!pin || !byId.has(pin.getAttribute('data-pin-id'))) return;
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.button === 1) return; // new tab: follow the link
          event.preventDefault();
          select(pin.getAttribute('data-pin-id'), 'pin');
        });
        layer.addEventListener('keydown', function (event) {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          var pin = event.target.closest('.map-pin[data-pin-id]');
          if (!pin) return;
          event.preventDefault();
          select(pin.getAttribute('data-pin-id'), 'pin');
        });

        if (carousel) {
          carousel.addEventListener('click', function (event) {
            var button = event.target.closest('.carousel-card');
            if (!button) return;
            var item = button.closest('[data-pin-id]');
            if (item) select(item.getAttribute('data-pin-id'), 'card');
          });
          carousel.addEventListener('keydown', function (event) {
            var button = event.target.closest('.carousel-card');
            if (!button) return;
            var item = button.closest('[data-pin-id]');
            var visible = order.filter(isVisible);
            var index = visible.indexOf(item.getAttribute('data-pin-id'));
            var next = null;
            switch (event.key) {
              case 'ArrowRight': case 'ArrowDown': next = visible[Math.min(visible.length - 1, index + 1)]; break;
              case 'ArrowLeft': case 'ArrowUp': next = visible[Math.max(0, index - 1)]; break;
              case 'Home': next = visible[0]; break;
              case 'End': next = visible[visible.length - 1]; break;
              default: return;
            }
            event.preventDefault();
            if (next == null) return;
            var entry = byId.get(next);
            select(next, 'card');
            if (entry.button) entry.button.focus({ preventScroll: true });
          });
        }

        if (filter) {
          var applyFilter = function () {
            var allowed = new Set();
            Array.prototype.forEach.call(filter.querySelectorAll('input[name="status"]'), function (input) {
              if (input.checked) allowed.add(input.value);
            });
            byId.forEach(function (entry) {
              var show = allowed.has(statusKey(entry.c.s));
              entry.pin.classList.toggle('is-filtered', !show);
              if (entry.item) entry.item.hidden = !show;
            });
            if (selectedId != null && !isVisible(selectedId)) deselect();
            var focusable = selectedId != null ? selectedId : firstVisible();
            setRovingCard(focusable);
            var empty = document.getElementById('map-empty');
            if (empty) empty.hidden = firstVisible() != null;
          };
          filter.addEventListener('change', applyFilter);
          applyFilter();
        }

        // Exposed for the page and for tests.
        window.VITRINA.map.select = function (id) { select(String(id), 'card'); };
      }

      initCharacterMap();
    }
  };
})();
