/* Vitrina maps — offline world maps with pins, zoom and pan.
   Plain script (no modules, no dependencies, no network). Enhances every [data-map] element:
   zoom buttons, fit, drag / pinch / wheel / arrow-key navigation, all by changing the svg viewBox
   (x = longitude, y = -latitude, world = "-180 -90 360 180"). A page's own map behaviour comes from its feature's
   script, which registers under window.VITRINA.mapPages by the page's data-page.
   Public API: window.VITRINA.map = { enhance, fitTo, centreOn, addPin }. */
(function () {
  'use strict';

  var SVG_NS = 'http://www.w3.org/2000/svg';
  var WORLD_W = 360;
  var DEFAULT_FIT_ZOOM = 5;     // zoom used to show a single pin
  var ANIMATION_MS = 260;
  // Screen pixels per map unit at which world.svg switches to thinner borders (#s2, #s4, …).
  var BORDER_BANDS = [2, 4, 10, 25, 60, 150];

  var html = document.documentElement;
  // Paths from the data script become links only through app.js's check (app.js loads first on every page).
  // Las rutas del script de datos solo pasan a enlaces por la comprobación de app.js (que cada página carga antes).
  var siteUrl = window.VITRINA.url;
  // The page's strings as app.js reads them (its language's strings script, or a layout's inline table).
  // Los textos de la página tal como los lee app.js.
  var strings = window.VITRINA.kit.strings();
  var states = new WeakMap();
  var motionQuery = window.matchMedia ? window.matchMedia('(prefers-reduced-motion: reduce)') : null;
  var cssRadius = !!(window.CSS && CSS.supports && CSS.supports('r', 'calc(2px * 0.5)'));

  function t(key, values, fallback) {
    var text = strings[key];
    if (typeof text !== 'string') text = fallback || '';
    return text.replace(/\{(\w+)\}/g, function (match, name) {
      return values && Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : match;
    });
  }

  function reducedMotion() {
    return (motionQuery && motionQuery.matches) || html.getAttribute('data-motion') === 'reduced';
  }

  function number(value, fallback) {
    var n = parseFloat(value);
    return isFinite(n) ? n : fallback;
  }

  function clamp(value, min, max) { return Math.min(max, Math.max(min, value)); }

  // ---------------------------------------------------------------------------------------------
  // View: {x, y, w} in map units; height is always w / 2 (the map box is 2:1).
  // ---------------------------------------------------------------------------------------------

  function clampView(st, view) {
    var w = clamp(view.w, WORLD_W / st.zoomMax, WORLD_W / st.zoomMin);
    var h = w / 2;
    return {
      x: clamp(view.x, -180, 180 - w),
      y: clamp(view.y, -90, 90 - h),
      w: w
    };
  }

  function viewAround(x, y, w) { return { x: x - w / 2, y: y - w / 4, w: w }; }

  function zoomOf(view) { return WORLD_W / view.w; }

  function apply(st, view) {
    st.shown = clampView(st, view);
    var v = st.shown;
    st.svg.setAttribute('viewBox', round(v.x) + ' ' + round(v.y) + ' ' + round(v.w) + ' ' + round(v.w / 2));
    updateScale(st);
  }

  function round(n) { return Math.round(n * 10000) / 10000; }

  // Keeps pins the same size on screen: --map-u is map units per CSS pixel. Also keeps the country
  // borders thin: world.svg carries thinner stroke widths for closer zooms, chosen by a fragment.
  function updateScale(st) {
    var rect = st.svg.getBoundingClientRect();
    if (!rect.width) return;
    var u = st.shown.w / rect.width;
    st.svg.style.setProperty('--map-u', u.toFixed(5));
    if (st.world) {
      var perUnit = 1 / u, band = '';
      for (var b = 0; b < BORDER_BANDS.length && perUnit >= BORDER_BANDS[b]; b++) band = '#s' + BORDER_BANDS[b];
      if (band !== st.worldBand) {
        st.worldBand = band;
        st.world.setAttribute('href', st.worldHref + band);
      }
    }
    if (!cssRadius) {
      var dots = st.svg.querySelectorAll('.pin-dot, .pin-pulse');
      for (var i = 0; i < dots.length; i++) dots[i].setAttribute('r', (6 * u).toFixed(4));
    }
  }

  function setView(st, view, animate) {
    var target = clampView(st, view);
    st.view = target;
    if (st.raf) { cancelAnimationFrame(st.raf); st.raf = 0; }
    if (!animate || reducedMotion() || document.hidden) {
      apply(st, target);
    } else {
      var from = st.shown;
      var start = 0;
      var fromCx = from.x + from.w / 2, fromCy = from.y + from.w / 4;
      var toCx = target.x + target.w / 2, toCy = target.y + target.w / 4;
      var step = function (now) {
        if (!start) start = now;
        var p = Math.min(1, (now - start) / ANIMATION_MS);
        var k = 1 - Math.pow(1 - p, 3);
        var w = from.w * Math.pow(target.w / from.w, k);
        apply(st, viewAround(fromCx + (toCx - fromCx) * k, fromCy + (toCy - fromCy) * k, w));
        st.raf = p < 1 ? requestAnimationFrame(step) : 0;
        if (!st.raf) apply(st, target);
      };
      st.raf = requestAnimationFrame(step);
    }
    updateControls(st);
  }

  function zoomBy(st, factor, anchor, animate) {
    var v = st.view;
    var w = clamp(v.w / factor, WORLD_W / st.zoomMax, WORLD_W / st.zoomMin);
    var ax = anchor ? anchor.x : v.x + v.w / 2;
    var ay = anchor ? anchor.y : v.y + v.w / 4;
    var fx = (ax - v.x) / v.w, fy = (ay - v.y) / (v.w / 2);
    setView(st, { x: ax - fx * w, y: ay - fy * (w / 2), w: w }, animate);
  }

  function panBy(st, dx, dy, animate) {
    setView(st, { x: st.view.x + dx, y: st.view.y + dy, w: st.view.w }, animate);
  }

  function updateControls(st) {
    var z = zoomOf(st.view);
    var atMax = z >= st.zoomMax - 1e-6, atMin = z <= st.zoomMin + 1e-6;
    setDisabled(st.el.querySelector('[data-map-zoom="in"]'), atMax);
    setDisabled(st.el.querySelector('[data-map-zoom="out"]'), atMin);
    // At the widest zoom a vertical swipe scrolls the page; zoomed in, touch drags pan the map.
    st.svg.style.touchAction = atMin ? 'pan-y' : 'none';
    st.el.classList.toggle('is-zoomed', !atMin);
  }

  function setDisabled(button, disabled) {
    if (!button) return;
    if (disabled) button.setAttribute('aria-disabled', 'true');
    else button.removeAttribute('aria-disabled');
  }

  // Client (CSS pixel) coordinates to map units, honouring preserveAspectRatio="xMidYMid meet".
  function clientToMap(st, clientX, clientY) {
    var rect = st.svg.getBoundingClientRect();
    var v = st.shown, h = v.w / 2;
    var scale = Math.min(rect.width / v.w, rect.height / h) || 1;
    var offX = (rect.width - v.w * scale) / 2, offY = (rect.height - h * scale) / 2;
    return { x: v.x + (clientX - rect.left - offX) / scale, y: v.y + (clientY - rect.top - offY) / scale };
  }

  function unitsPerPixel(st) {
    var rect = st.svg.getBoundingClientRect();
    var v = st.shown;
    return 1 / (Math.min(rect.width / v.w, rect.height / (v.w / 2)) || 1);
  }

  // ---------------------------------------------------------------------------------------------
  // Pins
  // ---------------------------------------------------------------------------------------------

  function pinPoint(pin) {
    var x = parseFloat(pin.getAttribute('data-x'));
    var y = parseFloat(pin.getAttribute('data-y'));
    if (!isFinite(x) || !isFinite(y)) {
      var dot = pin.querySelector('.pin-dot');
      if (dot) { x = parseFloat(dot.getAttribute('cx')); y = parseFloat(dot.getAttribute('cy')); }
    }
    return isFinite(x) && isFinite(y) ? { x: x, y: y } : null;
  }

  function visiblePins(st) {
    var pins = st.svg.querySelectorAll('.map-pin');
    var out = [];
    for (var i = 0; i < pins.length; i++) {
      if (!pins[i].classList.contains('is-filtered')) out.push(pins[i]);
    }
    return out;
  }

  function svgEl(name, attrs) {
    var el = document.createElementNS(SVG_NS, name);
    for (var key in attrs) {
      if (Object.prototype.hasOwnProperty.call(attrs, key) && attrs[key] != null) el.setAttribute(key, attrs[key]);
    }
    return el;
  }

  /* Builds a pin element (not attached). options: {id, x, y, label, href, status, className, pulse} */
  function createPin(options) {
    var o = options || {};
    var x = number(o.x, 0), y = number(o.y, 0);
    var classes = ['map-pin'];
    if (o.status) classes.push('status-' + o.status);
    if (o.className) classes.push(o.className);
    var pin = svgEl(o.href ? 'a' : 'g', {
      'class': classes.join(' '),
      href: o.href || null,
      'data-pin-id': o.id != null ? String(o.id) : null,
      'data-x': String(x),
      'data-y': String(y),
      'aria-label': o.label || null,
      role: o.href ? null : 'img',
      tabindex: o.tabindex != null ? String(o.tabindex) : null
    });
    if (o.label) {
      var title = svgEl('title', {});
      title.textContent = o.label;
      pin.appendChild(title);
    }
    if (o.pulse) pin.appendChild(svgEl('circle', { 'class': 'pin-pulse', cx: x, cy: y, r: 2 }));
    pin.appendChild(svgEl('circle', { 'class': 'pin-dot', cx: x, cy: y, r: 2 }));
    return pin;
  }

  function pinLayer(svg) {
    var layer = svg.querySelector('.map-pins');
    if (!layer) {
      layer = svgEl('g', { 'class': 'map-pins' });
      svg.appendChild(layer);
    }
    return layer;
  }

  function addPin(el, options) {
    var st = enhance(el);
    if (!st) return null;
    var pin = createPin(options);
    pinLayer(st.svg).appendChild(pin);
    updateScale(st);
    return pin;
  }

  // ---------------------------------------------------------------------------------------------
  // Fit and centre
  // ---------------------------------------------------------------------------------------------

  function toPoint(p) {
    if (!p) return null;
    if (Array.isArray(p)) return { x: number(p[0], NaN), y: number(p[1], NaN) };
    if (p.getAttribute) return pinPoint(p);
    return { x: number(p.x, NaN), y: number(p.y, NaN) };
  }

  function fitView(st, points) {
    var pts = [];
    for (var i = 0; i < (points || []).length; i++) {
      var p = toPoint(points[i]);
      if (p && isFinite(p.x) && isFinite(p.y)) pts.push(p);
    }
    if (!pts.length) return { x: -180, y: -90, w: WORLD_W / st.zoomMin };
    if (pts.length === 1) return viewAround(pts[0].x, pts[0].y, WORLD_W / Math.min(st.fitZoom, st.zoomMax));
    var minX = Infinity, maxX = -Infinity, minY = Infinity, maxY = -Infinity;
    pts.forEach(function (p) {
      minX = Math.min(minX, p.x); maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y); maxY = Math.max(maxY, p.y);
    });
    // Room for the pins themselves and some context around them.
    var w = Math.max((maxX - minX) * 1.15 + 8, (maxY - minY) * 2 * 1.15 + 16, WORLD_W / st.fitZoom);
    return viewAround((minX + maxX) / 2, (minY + maxY) / 2, w);
  }

  function fitTo(el, points, animate) {
    var st = enhance(el);
    if (!st) return;
    setView(st, fitView(st, points), animate);
  }

  function fit(st, animate) {
    var pins = visiblePins(st);
    if (st.el.getAttribute('data-fit') === 'pin') {
      var chosen = st.svg.querySelector('.map-pin.is-selected, .map-pin.is-dropped') || pins[0];
      pins = chosen ? [chosen] : [];
    }
    setView(st, fitView(st, pins), animate);
  }

  function centreOn(el, x, y, zoom, animate) {
    var st = enhance(el);
    if (!st) return;
    var w = zoom ? WORLD_W / zoom : st.view.w;
    setView(st, viewAround(number(x, 0), number(y, 0), w), animate !== false);
  }

  // ---------------------------------------------------------------------------------------------
  // Enhancement
  // ---------------------------------------------------------------------------------------------

  function enhance(el) {
    if (!el) return null;
    if (states.has(el)) return states.get(el);
    var svg = el.querySelector('svg.map-svg') || el.querySelector('svg');
    if (!svg) return null;

    var zoomMin = Math.max(1, number(el.getAttribute('data-zoom-min'), 1));
    var zoomMax = Math.max(zoomMin, number(el.getAttribute('data-zoom-max'), 40));
    var st = {
      el: el,
      svg: svg,
      zoomMin: zoomMin,
      zoomMax: zoomMax,
      fitZoom: clamp(number(el.getAttribute('data-fit-zoom'), DEFAULT_FIT_ZOOM), zoomMin, zoomMax),
      view: { x: -180, y: -90, w: WORLD_W },
      shown: { x: -180, y: -90, w: WORLD_W },
      raf: 0
    };
    states.set(el, st);
    pinLayer(svg);
    var world = svg.querySelector('image');
    var worldHref = world && (world.getAttribute('href') || world.getAttributeNS('http://www.w3.org/1999/xlink', 'href'));
    if (worldHref && /world\.svg(\?[^#]*)?(#.*)?$/.test(worldHref)) {
      st.world = world;
      st.worldHref = worldHref.replace(/#.*$/, '');
      st.worldBand = worldHref.slice(st.worldHref.length);
      if (world.hasAttributeNS('http://www.w3.org/1999/xlink', 'href')) {
        world.setAttribute('href', worldHref); // href wins over xlink:href; keep one of them
        world.removeAttributeNS('http://www.w3.org/1999/xlink', 'href');
      }
    }
    el.classList.add('is-enhanced');

    // The map box takes keyboard focus (arrows pan, + and - zoom) and carries the label.
    if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '0');
    if (!el.hasAttribute('role')) el.setAttribute('role', 'region');
    if (!el.hasAttribute('aria-label') && !el.hasAttribute('aria-labelledby')) {
      el.setAttribute('aria-label', svg.getAttribute('aria-label') || t('map_label', null, 'Map'));
    }
    el.setAttribute('aria-keyshortcuts', 'ArrowUp ArrowDown ArrowLeft ArrowRight + -');
    // An svg with role="img" hides its children from assistive technology; links inside must stay reachable.
    if (svg.getAttribute('role') === 'img' && (svg.querySelector('a') || el.hasAttribute('data-map-links'))) {
      svg.setAttribute('role', 'group');
    }

    var vb = (svg.getAttribute('viewBox') || '').split(/[\s,]+/).map(parseFloat);
    if (vb.length === 4 && vb.every(isFinite) && vb[2] > 0) {
      st.view = clampView(st, { x: vb[0], y: vb[1], w: vb[2] });
    }

    el.addEventListener('click', function (event) {
      var button = event.target.closest('[data-map-zoom]');
      if (!button || !el.contains(button)) return;
      event.preventDefault();
      if (button.getAttribute('aria-disabled') === 'true') return;
      var action = button.getAttribute('data-map-zoom');
      if (action === 'in') zoomBy(st, 2, null, true);
      else if (action === 'out') zoomBy(st, 0.5, null, true);
      else if (action === 'fit') fit(st, true);
    });

    el.addEventListener('keydown', function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return;
      var target = event.target;
      if (target !== el && !(st.svg.contains(target))) return;
      var v = st.view, step = 0.2;
      switch (event.key) {
        case 'ArrowLeft': panBy(st, -v.w * step, 0, true); break;
        case 'ArrowRight': panBy(st, v.w * step, 0, true); break;
        case 'ArrowUp': panBy(st, 0, -v.w / 2 * step, true); break;
        case 'ArrowDown': panBy(st, 0, v.w / 2 * step, true); break;
        case '+': case '=': zoomBy(st, 2, null, true); break;
        case '-': case '_': zoomBy(st, 0.5, null, true); break;
        case '0': fit(st, true); break;
        default: return;
      }
      event.preventDefault();
    });

    bindPointer(st);

    svg.addEventListener('wheel', function (event) {
      var dy = event.deltaY * (event.deltaMode === 1 ? 16 : event.deltaMode === 2 ? 400 : 1);
      if (!dy) return;
      var factor = Math.exp(-clamp(dy, -300, 300) * 0.0025);
      var z = zoomOf(st.view);
      // At a zoom limit the wheel scrolls the page as usual.
      if ((factor > 1 && z >= st.zoomMax - 1e-6) || (factor < 1 && z <= st.zoomMin + 1e-6)) return;
      event.preventDefault();
      zoomBy(st, factor, clientToMap(st, event.clientX, event.clientY), false);
    }, { passive: false });

    if (window.ResizeObserver) {
      new ResizeObserver(function () { updateScale(st); }).observe(svg);
    } else {
      window.addEventListener('resize', function () { updateScale(st); });
    }

    var mode = el.getAttribute('data-fit');
    if (mode === 'all' || mode === 'pin') fit(st, false);
    else setView(st, st.view, false);
    return st;
  }

  function bindPointer(st) {
    var svg = st.svg;
    var pointers = new Map();
    var drag = null, pinch = null, suppressClick = false;

    svg.addEventListener('dragstart', function (event) { event.preventDefault(); });

    svg.addEventListener('pointerdown', function (event) {
      if (event.pointerType === 'mouse' && event.button !== 0) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pointers.size === 1) {
        drag = { id: event.pointerId, x: event.clientX, y: event.clientY, view: st.shown, moved: false, upp: unitsPerPixel(st) };
        pinch = null;
      } else if (pointers.size === 2) {
        var pts = Array.from(pointers.values());
        var mid = { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
        pinch = {
          dist: Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) || 1,
          view: st.shown,
          anchor: clientToMap(st, mid.x, mid.y)
        };
        pointers.forEach(function (_, id) { try { svg.setPointerCapture(id); } catch (e) { /* gone */ } });
        if (drag) drag.moved = true;
      }
    });

    svg.addEventListener('pointermove', function (event) {
      if (!pointers.has(event.pointerId)) return;
      pointers.set(event.pointerId, { x: event.clientX, y: event.clientY });
      if (pinch && pointers.size >= 2) {
        var pts = Array.from(pointers.values());
        var dist = Math.hypot(pts[0].x - pts[1].x, pts[0].y - pts[1].y) || 1;
        var mid = { x: (pts[0].x + pts[1].x) / 2, y: (pts[0].y + pts[1].y) / 2 };
        var w = clamp(pinch.view.w * pinch.dist / dist, WORLD_W / st.zoomMax, WORLD_W / st.zoomMin);
        var rect = svg.getBoundingClientRect();
        var upp = w / (rect.width || 1);
        setView(st, { x: pinch.anchor.x - (mid.x - rect.left) * upp, y: pinch.anchor.y - (mid.y - rect.top) * upp, w: w }, false);
        event.preventDefault();
        return;
      }
      if (!drag || drag.id !== event.pointerId) return;
      var dx = event.clientX - drag.x, dy = event.clientY - drag.y;
      if (!drag.moved) {
        if (Math.hypot(dx, dy) < 5) return;
        drag.moved = true;
        // Capture only once it is a drag, so a plain click still reaches the pin under the pointer.
        try { svg.setPointerCapture(event.pointerId); } catch (e) { /* pointer gone */ }
        st.el.classList.add('is-dragging');
      }
      setView(st, { x: drag.view.x - dx * drag.upp, y: drag.view.y - dy * drag.upp, w: drag.view.w }, false);
    });

    function end(event) {
      if (!pointers.has(event.pointerId)) return;
      pointers.delete(event.pointerId);
      if (drag && drag.moved && pointers.size === 0) {
        suppressClick = event.type === 'pointerup';
        setTimeout(function () { suppressClick = false; }, 0);
      }
      if (pointers.size === 0) {
        drag = null;
        pinch = null;
        st.el.classList.remove('is-dragging');
      } else if (pointers.size === 1) {
        // One finger left after a pinch: continue as a drag from here.
        var id = pointers.keys().next().value, p = pointers.get(id);
        pinch = null;
        drag = { id: id, x: p.x, y: p.y, view: st.shown, moved: true, upp: unitsPerPixel(st) };
      }
    }
    svg.addEventListener('pointerup', end);
    svg.addEventListener('pointercancel', end);

    svg.addEventListener('click', function (event) {
      if (suppressClick) {
        event.preventDefault();
        event.stopPropagation();
        suppressClick = false;
      }
    }, true);
  }

  // ---------------------------------------------------------------------------------------------
  // Coordinates, as the coordinates tool and other pages type them
  // ---------------------------------------------------------------------------------------------

  var NUMBER_RE = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;

  function parseCoordinate(text) {
    var s = String(text == null ? '' : text).trim()
      .replace(/[\u2212\u2012\u2013]/g, '-')  // typographic minus signs
      .replace(/\s*°$/, '');
    if (s.indexOf(',') !== -1 && s.indexOf('.') === -1) s = s.replace(',', '.'); // decimal comma
    return NUMBER_RE.test(s) ? parseFloat(s) : NaN;
  }

  // ---------------------------------------------------------------------------------------------
  // Start
  // ---------------------------------------------------------------------------------------------

  window.VITRINA = window.VITRINA || {};
  window.VITRINA.map = {
    enhance: function (el) { return enhance(el) ? el : null; },
    fitTo: function (el, points) { fitTo(el, points, true); },
    centreOn: function (el, x, y, zoom) { centreOn(el, x, y, zoom, true); },
    addPin: addPin,
    parseCoordinate: parseCoordinate
  };

  // A page's own map behaviour comes from the script of the feature that draws it, loaded before this one, which
  // registers it under the page's data-page: run before the maps are enhanced, or after.
  // El comportamiento propio del mapa de una página viene del script de su función, cargado antes que este.
  var kit = {
    addPin: addPin, centreOn: centreOn, createPin: createPin, number: number,
    parseCoordinate: parseCoordinate, pinLayer: pinLayer, reducedMotion: reducedMotion, round: round, siteUrl: siteUrl,
    states: states, svgEl: svgEl, t: t, updateScale: updateScale, zoomOf: zoomOf
  };

  function start() {
    var page = html.getAttribute('data-page');
    var own = (window.VITRINA.mapPages || {})[page] || {};
    if (own.beforeMaps) own.beforeMaps(kit);
    Array.prototype.forEach.call(document.querySelectorAll('[data-map]'), function (el) { enhance(el); });
    if (own.afterMaps) own.afterMaps(kit);
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
  else start();
})();
