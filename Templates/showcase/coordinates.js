/* The coordinates tool (data-page="coordinates"): a latitude and longitude dropped as a pin.
   La herramienta de coordenadas: una latitud y una longitud puestas como chincheta.
   Classic deferred script, loaded before assets/js/map.js, which calls it with its kit when it starts. */
(function () {
  'use strict';

  var V = window.VITRINA = window.VITRINA || {};
  V.mapPages = V.mapPages || {};
  V.mapPages['coordinates'] = {
    afterMaps: function (kit) {
      var DROP_ZOOM = 6;            // zoom after dropping a pin with the coordinates tool
      var addPin = kit.addPin;
      var centreOn = kit.centreOn;
      var number = kit.number;
      var round = kit.round;
      var t = kit.t;
      var parseCoordinate = kit.parseCoordinate;

      function formatCoordinate(n) {
        return String(Math.round(n * 1e6) / 1e6);
      }

      function initCoordinates() {
        var form = document.getElementById('coords-form');
        var lat = document.getElementById('coords-lat');
        var lon = document.getElementById('coords-lon');
        var error = document.getElementById('coords-error');
        var result = document.getElementById('coords-result');
        var el = document.querySelector('[data-map]');
        if (!form || !lat || !lon) return;

        function markField(input, bad) {
          if (bad) {
            input.setAttribute('aria-invalid', 'true');
            var ids = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
            if (error && error.id && ids.indexOf(error.id) === -1) {
              ids.push(error.id);
              input.setAttribute('aria-describedby', ids.join(' '));
              input.setAttribute('data-described-by-error', '');
            }
          } else {
            input.removeAttribute('aria-invalid');
            if (input.hasAttribute('data-described-by-error')) {
              var rest = (input.getAttribute('aria-describedby') || '').split(/\s+/).filter(function (id) {
                return id && id !== (error && error.id);
              });
              if (rest.length) input.setAttribute('aria-describedby', rest.join(' '));
              else input.removeAttribute('aria-describedby');
              input.removeAttribute('data-described-by-error');
            }
          }
        }

        function labelOf(input) {
          var label = input.id ? document.querySelector('label[for="' + input.id + '"]') : null;
          return label ? label.textContent.trim() : '';
        }

        function check(input, min, max, rangeKey) {
          var value = parseCoordinate(input.value);
          if (!isFinite(value)) {
            return { message: t('coords_invalid_number', { field: labelOf(input) }, 'Not a number') };
          }
          if (value < min || value > max) {
            return { message: t(rangeKey, { field: labelOf(input), min: min, max: max }, min + '…' + max) };
          }
          return { value: value };
        }

        // The pin an earlier answer dropped: an invalid answer must not leave it standing for the new one.
        function clearDroppedPins() {
          if (!el) return;
          var old = el.querySelectorAll('.map-pin.is-dropped');
          for (var i = 0; i < old.length; i++) old[i].remove();
        }

        function run(moveFocus) {
          var a = check(lat, -90, 90, 'coords_lat_range');
          var b = check(lon, -180, 180, 'coords_lon_range');
          markField(lat, !!a.message);
          markField(lon, !!b.message);
          var messages = [];
          if (a.message) messages.push(a.message);
          if (b.message && b.message !== a.message) messages.push(b.message);
          if (messages.length) {
            if (error) error.textContent = messages.join(' ');
            if (result) result.textContent = '';
            clearDroppedPins();
            if (moveFocus) (a.message ? lat : lon).focus();
            return false;
          }
          if (error) error.textContent = '';
          var text = t('coords_result', { lat: formatCoordinate(a.value), lon: formatCoordinate(b.value) },
            '{lat}, {lon}');
          if (result) result.textContent = text;
          clearDroppedPins();
          if (el) {
            addPin(el, { x: b.value, y: -a.value, className: 'is-dropped', label: text, pulse: true });
            centreOn(el, b.value, -a.value, DROP_ZOOM);
          }
          return true;
        }

        form.addEventListener('submit', function (event) {
          event.preventDefault();
          run(true);
        });
        [lat, lon].forEach(function (input) {
          input.addEventListener('input', function () {
            if (input.getAttribute('aria-invalid') === 'true') markField(input, false);
          });
        });

        // Without JS the form submits GET to the same page: honour ?lat=…&lon=… on load.
        var params = new URLSearchParams(window.location.search);
        var qLat = params.get(lat.name || 'lat'), qLon = params.get(lon.name || 'lon');
        if (qLat != null && qLon != null) {
          lat.value = qLat;
          lon.value = qLon;
          run(false);
        }
      }

      initCoordinates();
    }
  };
})();
