/* Vitrina settings, applied in <head> before the first paint (not deferred).
   Ajustes de Vitrina, aplicados en <head> antes de pintar (sin defer). */
(function () {
  'use strict';

  var KEY = 'vitrina.v1.settings';

  // Read the saved settings; storage may be disabled or hold bad JSON. / Lee los ajustes; el almacenamiento puede fallar.
  function readSettings() {
    try {
      var raw = window.localStorage.getItem(KEY);
      var value = raw ? JSON.parse(raw) : null;
      return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
    } catch (error) {
      return {};
    }
  }

  // Set data-theme / data-motion / data-shiny on <html>. / Pone data-theme / data-motion / data-shiny en <html>.
  function applySettings(settings) {
    var html = document.documentElement;
    var s = settings || {};
    if (s.theme === 'dark' || s.theme === 'light') html.setAttribute('data-theme', s.theme);
    else html.removeAttribute('data-theme');
    if (s.reducedMotion === true) html.setAttribute('data-motion', 'reduced');
    else html.removeAttribute('data-motion');
    if (s.shiny === true) html.setAttribute('data-shiny', 'on');
    else html.removeAttribute('data-shiny');
  }

  // Shared with app.js so both apply settings the same way. / Compartido con app.js para aplicar igual.
  var V = window.VITRINA = window.VITRINA || {};
  V.applySettings = applySettings;
  V.readSettings = readSettings;

  applySettings(readSettings());
})();
