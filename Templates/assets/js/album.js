/* Vitrina album: a large picture and a strip of thumbnails; without JS each thumbnail opens its file.
   Álbum de Vitrina: una imagen grande y una tira de miniaturas; sin JS cada miniatura abre su archivo. */
(function () {
  'use strict';

  const PAGE = 8;

  // Shared helpers from app.js, which every page loads first. / Utilidades de app.js, que cada página carga antes.
  const ready = window.VITRINA.ready;
  const reducedMotion = window.VITRINA.reducedMotion;

  // Pixels from the strip's scroll origin to an element's left edge. / Distancia desde el origen del desplazamiento.
  function offsetInStrip(strip, node) {
    return node.getBoundingClientRect().left - strip.getBoundingClientRect().left - strip.clientLeft + strip.scrollLeft;
  }

  // The strip's scroll-padding on the start side. / El scroll-padding inicial de la tira.
  function startPadding(strip) {
    const value = parseFloat(window.getComputedStyle(strip).scrollPaddingLeft);
    return Number.isFinite(value) ? value : 0;
  }

  // Scroll the strip so an item sits at the start (a snap position). / Desplaza la tira para que un elemento quede al inicio.
  function scrollToItem(strip, item, instant) {
    const left = Math.max(0, offsetInStrip(strip, item) - startPadding(strip));
    strip.scrollTo({ left: left, behavior: instant || reducedMotion() ? 'auto' : 'smooth' });
  }

  function initAlbum() {
    const strip = document.getElementById('album-strip');
    const main = document.getElementById('album-main');
    if (!strip || !main) return;
    const thumbs = Array.from(strip.querySelectorAll('.album-thumb'));
    if (thumbs.length === 0) return;
    const items = thumbs.map(function (thumb) { return thumb.closest('li') || thumb; });
    const caption = document.getElementById('album-caption');
    const stage = main.closest('.album-stage') || main.parentElement;
    const prev = document.getElementById('album-prev');
    const next = document.getElementById('album-next');
    let current = Math.max(0, thumbs.findIndex(function (thumb) { return thumb.getAttribute('aria-current') === 'true'; }));

    // How many thumbnails fit in the strip (at most 8). / Cuántas miniaturas caben en la tira (8 como mucho).
    function perPage() {
      const first = items[0].getBoundingClientRect();
      const second = items[1] ? items[1].getBoundingClientRect() : null;
      const step = second ? Math.abs(second.left - first.left) : first.width;
      if (!step) return PAGE;
      const room = strip.clientWidth - 2 * startPadding(strip);
      return Math.max(1, Math.min(PAGE, Math.floor((room + (step - first.width)) / step + 0.01)));
    }

    // Index of the first thumbnail fully in view. / Índice de la primera miniatura visible entera.
    function firstVisible() {
      const start = strip.scrollLeft + startPadding(strip) - 2;
      const index = items.findIndex(function (item) { return offsetInStrip(strip, item) >= start; });
      return index === -1 ? items.length - 1 : index;
    }

    // Scroll only when the thumbnail is not fully visible. / Desplaza solo si la miniatura no se ve entera.
    function reveal(index, instant) {
      const box = strip.getBoundingClientRect();
      const pad = startPadding(strip);
      const rect = items[index].getBoundingClientRect();
      if (rect.left < box.left + pad - 1) {
        scrollToItem(strip, items[index], instant);
      } else if (rect.right > box.right - pad + 1) {
        // Put it last in view: start from the item a page earlier. / Que quede la última visible.
        scrollToItem(strip, items[Math.max(0, index - perPage() + 1)], instant);
      }
    }

    // Show one picture large, mark its thumbnail and caption it. / Muestra una imagen grande, marca su miniatura y su pie.
    function select(index, moveFocus) {
      const target = Math.max(0, Math.min(thumbs.length - 1, index));
      const thumb = thumbs[target];
      const small = thumb.querySelector('img');
      const width = thumb.getAttribute('data-width');
      const height = thumb.getAttribute('data-height');
      const text = thumb.getAttribute('data-caption') || (small ? small.alt : '');
      main.removeAttribute('data-shiny-src');
      main.removeAttribute('data-normal-src');
      if (width && height) {
        main.setAttribute('width', width);
        main.setAttribute('height', height);
      }
      main.alt = small && small.alt ? small.alt : text;
      main.setAttribute('src', thumb.getAttribute('href'));
      if (caption) {
        // Announce only when focus stays on the stage (a focused thumbnail already says it). / Anuncia solo desde el escenario.
        caption.setAttribute('aria-live', moveFocus ? 'off' : 'polite');
        caption.textContent = text;
      }
      thumbs.forEach(function (other, position) {
        if (position === target) other.setAttribute('aria-current', 'true');
        else other.removeAttribute('aria-current');
        other.tabIndex = position === target ? 0 : -1;
      });
      current = target;
      reveal(target);
      if (moveFocus) thumb.focus({ preventScroll: true });
    }

    // Arrow keys, Home and End move the selection. / Flechas, Inicio y Fin mueven la selección.
    function onKey(event) {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const moves = { ArrowLeft: current - 1, ArrowRight: current + 1, Home: 0, End: thumbs.length - 1 };
      if (!(event.key in moves)) return;
      event.preventDefault();
      select(moves[event.key], strip.contains(document.activeElement));
    }

    // Page buttons: shown when there are more pictures than fit. / Botones de página: visibles si no caben todas.
    function updatePager() {
      const needed = thumbs.length > PAGE || strip.scrollWidth > strip.clientWidth + 1;
      [prev, next].forEach(function (button) { if (button) button.hidden = !needed; });
      if (prev) prev.setAttribute('aria-disabled', strip.scrollLeft <= 1 ? 'true' : 'false');
      if (next) next.setAttribute('aria-disabled', strip.scrollLeft + strip.clientWidth >= strip.scrollWidth - 1 ? 'true' : 'false');
    }
    function page(direction) {
      const size = perPage();
      const lastStart = Math.max(0, items.length - size);
      const target = Math.max(0, Math.min(lastStart, firstVisible() + direction * size));
      scrollToItem(strip, items[target]);
    }

    thumbs.forEach(function (thumb, index) {
      thumb.addEventListener('click', function (event) {
        // Modified clicks still open the file (new tab…). / Los clics con modificador abren el archivo.
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        select(index, true);
      });
    });
    strip.addEventListener('keydown', onKey);
    if (stage) {
      if (stage.tabIndex < 0) stage.tabIndex = 0;
      stage.addEventListener('keydown', onKey);
    }
    if (prev) prev.addEventListener('click', function () { if (prev.getAttribute('aria-disabled') !== 'true') page(-1); });
    if (next) next.addEventListener('click', function () { if (next.getAttribute('aria-disabled') !== 'true') page(1); });

    let frame = 0;
    const schedule = function () {
      if (frame) return;
      frame = window.requestAnimationFrame(function () {
        frame = 0;
        updatePager();
      });
    };
    strip.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);

    // Small sprites are pixel art: keep them sharp when enlarged. / Los sprites pequeños son pixel art: nítidos al ampliar.
    const pixelArt = thumbs.every(function (thumb) {
      const width = Number(thumb.getAttribute('data-width'));
      return width > 0 && width <= 160;
    });
    if (pixelArt && stage && stage.parentElement) stage.parentElement.classList.add('album-pixelated');

    // Initial state: roving tabindex on the strip, current picture shown. / Estado inicial: tabindex itinerante.
    thumbs.forEach(function (thumb, position) {
      thumb.tabIndex = position === current ? 0 : -1;
      if (position === current) thumb.setAttribute('aria-current', 'true');
      else thumb.removeAttribute('aria-current');
    });
    updatePager();
    reveal(current, true);
  }

  ready(initAlbum);
})();
