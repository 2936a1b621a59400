/* Site search: the engine that reads the index below assets/search/ (classic scripts loaded on demand, file by file), the
   header's box as a combobox with results while typing, and the search page's full list (?q=).
   Búsqueda del sitio: el motor que lee el índice de assets/search/ (scripts clásicos cargados bajo demanda), la caja de la
   cabecera como combobox con resultados al escribir, y la lista completa de la página de búsqueda (?q=).
   Classic deferred script after app.js: no modules, fetch, workers or eval (file:// and sub-paths work). Everything read
   from the index is checked: it may be damaged or hostile. / Todo lo leído del índice se comprueba. */
(() => {
  'use strict';
  const V = window.VITRINA;
  if (!V || !V.kit) return;
  const { el, t, url, announce, hasString, readQuery } = V.kit;
  V.kit.fallbacks({ results_count_one: '{n} result', search_results_for: 'Results for “{q}”', search_show_more: 'Show more results',
    search_suggestions: 'Suggestions', search_failed: 'Search could not be loaded. Try again.' });

  const MAX_WORDS = 10, MAX_CP = 40, MAX_QUERY = 1000, MAX_TEXT = 200000, MAX_PREFIX_TERMS = 5000, BOX_LIMIT = 8, PAGE_LIMIT = 20;
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
  const isObj = v => v !== null && typeof v === 'object' && !Array.isArray(v);
  const isInt = (v, lo, hi) => Number.isInteger(v) && v >= lo && v <= hi;
  const str = v => typeof v === 'string' ? v : '';

  /* ================================================================
     Words: NFKD, no marks, lower case (final sigma as σ); letter/digit runs; bigrams for spaceless scripts; 40 code points
     Palabras: NFKD, sin marcas, minúsculas (sigma final como σ); tramos de letras y cifras; bigramas sin espacios; 40 puntos
     ================================================================ */

  const MARK = /\p{M}/gu, WORD = /[\p{L}\p{N}]+/gu, WORD_CHAR = /^[\p{L}\p{N}]$/u, ENDS_IN_WORD = /[\p{L}\p{N}]$/u;
  const fold = s => s.normalize('NFKD').replace(MARK, '').toLowerCase().replace(/\u03c2/g, '\u03c3');
  const spaceless = c => (c >= 0x3040 && c <= 0x30FF) || (c >= 0x31F0 && c <= 0x31FF) || (c >= 0x3400 && c <= 0x4DBF) ||
    (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x2FA1F);

  // A run's terms, with the indexes of their first and last code points. / Los términos de un tramo, con sus posiciones.
  function cutRun(cps, emit) {
    let i = 0;
    while (i < cps.length) {
      const kind = spaceless(cps[i].codePointAt(0));
      let j = i + 1;
      while (j < cps.length && spaceless(cps[j].codePointAt(0)) === kind) j += 1;
      if (!kind) emit(cps.slice(i, Math.min(j, i + MAX_CP)).join(''), i, j - 1);
      else if (j - i === 1) emit(cps[i], i, i);
      else for (let k = i; k < j - 1; k += 1) emit(cps[k] + cps[k + 1], k, k + 1);
      i = j;
    }
  }

  // The words of a text, as the index has them (at most `limit` when given). / Las palabras de un texto, como las indexa.
  function words(text, limit) {
    const out = [];
    for (const m of fold(String(text)).matchAll(WORD)) {
      cutRun(Array.from(m[0]), w => out.push(w));
      if (limit && out.length >= limit) return out.slice(0, limit);
    }
    return out;
  }

  // The words of a text with where each sits in it (UTF-16 offsets), for excerpts and proximity. Each code point is folded
  // alone; a capital sigma looks at its neighbours, as lower-casing the whole text would (final ς).
  // Las palabras con su sitio en el texto; cada punto se pliega solo, y la sigma mira a sus vecinos (ς final).
  function spans(text) {
    const out = [];
    let run = [], from = [], to = [], i = 0;
    const flush = () => {
      if (run.length) cutRun(run, (term, a, b) => out.push({ term, start: from[a], end: to[b] }));
      run = []; from = []; to = [];
    };
    for (const ch of text) {
      const start = i;
      i += ch.length;
      const f = fold(ch);
      for (const c of f) {
        if (WORD_CHAR.test(c)) { run.push(c); from.push(start); to.push(i); } else flush();
      }
    }
    flush();
    return out;
  }

  // Light stem (es + en): the longest ending that leaves 3 code points. / Raíz ligera: la terminación más larga que deja 3.
  const ENDINGS = ['amente', 'idades', 'iones', 'mente', 'idad', 'ing', 'ion', 'es', 'ed', 'ly', 's'];
  function stem(w) {
    const n = Array.from(w).length;
    for (const e of ENDINGS) if (w.endsWith(e) && n - e.length >= 3) return w.slice(0, w.length - e.length);
    return w;
  }

  /* ================================================================
     Loading the index: classic scripts, once each / Cargar el índice: scripts clásicos, una vez cada uno
     ================================================================ */

  const langAttr = document.documentElement.getAttribute('lang') || '';
  const lang = /^[A-Za-z0-9-]{1,35}$/.test(langAttr) ? langAttr : '';
  // Shards and branches are named by their prefix's hash (es.s0badcafe, es.b0badcafe), tables and record chunks by their
  // number (es.t3, es.r12).
  const FILE = /^([A-Za-z0-9-]{1,35}\.([bstr])[0-9a-f]{1,8})\.[A-Za-z0-9_-]{1,64}\.js$/;
  const loads = new Map(), got = new Map(), pending = new Set(), loaded = [];
  let manifestLoad = null;

  // The id a data file calls us with ("es.s3" for "es.s3.HASH.js"; a shard's "3" is its prefix's hash), or '' when the name is not ours.
  // El id con que nos llama un fichero de datos, o '' si el nombre no es nuestro.
  function fileId(name, kind) {
    const m = typeof name === 'string' ? FILE.exec(name) : null;
    return m && m[2] === kind && m[1].slice(0, lang.length + 1) === lang + '.' ? m[1] : '';
  }

  // One file below assets/search/, once; a failed load is forgotten so a later query retries it. Resolves with what the
  // file handed over (undefined when it handed nothing). / Un fichero, una vez; si falla se olvida para reintentarlo.
  function load(file, id) {
    if (!loads.has(file)) {
      loads.set(file, new Promise((ok, fail) => {
        const src = url('assets/search/' + file);
        if (!src || !id) { fail(new Error('search: bad file name')); return; }
        pending.add(id);
        const script = el('script', { src });
        script.onload = () => { script.remove(); pending.delete(id); loaded.push(file); ok(got.get(id)); };
        script.onerror = () => { script.remove(); pending.delete(id); loads.delete(file); fail(new Error('search: cannot load ' + file)); };
        document.head.append(script);
      }));
    }
    return loads.get(file);
  }

  // The data files call these: kept only for a file being loaded, and only its first call. / Los ficheros llaman a estas.
  const accept = check => (id, data) => {
    if (typeof id === 'string' && pending.has(id) && !got.has(id) && check(data)) got.set(id, data);
  };

  // Trie nodes into `trie`: those of a branch only below its letter. / Nodos del trie; los de una rama, solo bajo su letra.
  function addNodes(trie, nodes, letter) {
    Object.keys(nodes).forEach(key => {
      const e = nodes[key], cps = Array.from(key);
      if (Array.isArray(e) && typeof e[0] === 'string' && (e[1] === 0 || e[1] === 1) && cps.length <= MAX_CP &&
          (letter === undefined || cps[0] === letter)) {
        trie.set(key, [fileId(e[0], 's') ? e[0] : '', e[1]]);
      }
    });
  }

  // The manifest, checked: counts, chunk sizes, table files, the shard trie (whole, or its root and a branch file per
  // first letter). / El manifiesto, comprobado: cuentas, tamaños, tablas y el trie (entero, o su raíz y sus ramas).
  function checkManifest(m) {
    if (!isObj(m) || m.v !== 1 || !isInt(m.pages, 0, 1e7) || !isInt(m.rc, 1, 1e5) || !isInt(m.tc, 1, 1e5) ||
        !Array.isArray(m.t) || !isObj(m.s) || (m.b !== undefined && !isObj(m.b))) return null;
    const trie = new Map(), branches = new Map();
    addNodes(trie, m.s);
    Object.keys(m.b || {}).forEach(letter => {
      if (Array.from(letter).length === 1 && fileId(m.b[letter], 'b')) branches.set(letter, m.b[letter]);
    });
    return { pages: m.pages, rc: m.rc, tc: m.tc, tables: m.t, trie, branches, keys: null };
  }

  // The branches the words go into, loaded and their nodes added to the trie. / Las ramas de las palabras, cargadas.
  function enterBranches(M, list) {
    const letters = Array.from(new Set(list.map(w => Array.from(w)[0]))).filter(c => M.branches.has(c));
    return Promise.all(letters.map(c => {
      const file = M.branches.get(c);
      return load(file, fileId(file, 'b')).then(nodes => {
        if (M.branches.get(c) !== file) return;
        M.branches.delete(c);
        if (isObj(nodes)) addNodes(M.trie, nodes, c);
        M.keys = null;
      });
    }));
  }

  function manifest() {
    if (!lang) return Promise.resolve(null);
    if (!manifestLoad) {
      manifestLoad = load(lang + '.js', lang).then(checkManifest, e => { manifestLoad = null; throw e; });
    }
    return manifestLoad;
  }

  // A shard's terms (an object whose own string values are postings), or null. / Los términos de un fragmento, o null.
  const shard = file => load(file, fileId(file, 's')).then(data => isObj(data) ? data : null);

  // A table chunk: the record files it names. / Un trozo de tabla: los ficheros de registros que nombra.
  const table = (M, k) => {
    const file = k < M.tables.length ? M.tables[k] : '';
    return fileId(file, 't') ? load(file, fileId(file, 't')).then(data => Array.isArray(data) ? data : null) : Promise.resolve(null);
  };

  /* ================================================================
     The shard trie / El trie de fragmentos
     ================================================================ */

  // Where the walk for w ends: [key, entry], or null when no term goes that way. / Dónde acaba el camino de w.
  function walk(M, w) {
    const cps = Array.from(w);
    let p = '';
    for (let depth = 0; depth <= cps.length; depth += 1) {
      const e = M.trie.get(p);
      if (!e) return null;
      if (e[1] === 0 || p === w) return [p, e];
      p = cps.slice(0, depth + 1).join('');
    }
    return null;
  }

  // The file that holds term w ('' when none). / El fichero que guarda el término w.
  function exactFile(M, w) {
    const end = walk(M, w);
    return end ? end[1][0] : '';
  }

  // The files holding the terms that start with w: a leaf's, or a split node's own plus its descendants' when at most 4.
  // Los ficheros con los términos que empiezan por w: el de la hoja, o el del nodo y sus descendientes si son 4 o menos.
  function prefixFiles(M, w) {
    const end = walk(M, w);
    if (!end) return [];
    const [key, e] = end;
    const files = e[0] ? [e[0]] : [];
    if (e[1] === 0 || key !== w) return files;
    if (!M.keys) M.keys = Array.from(M.trie.keys()).sort();
    let lo = 0, hi = M.keys.length;
    while (lo < hi) { const mid = (lo + hi) >> 1; if (M.keys[mid] < w) lo = mid + 1; else hi = mid; }
    const below = new Set();
    for (let i = lo; i < M.keys.length && M.keys[i].startsWith(w); i += 1) {
      const file = M.trie.get(M.keys[i])[0];
      if (M.keys[i] !== w && file && files.indexOf(file) === -1) below.add(file);
      if (below.size > 4) return files;
    }
    return files.concat(Array.from(below));
  }

  /* ================================================================
     Postings and scores / Apariciones y puntuaciones
     ================================================================ */

  const DIGIT = new Int8Array(128).fill(-1);
  'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'.split('').forEach((c, i) => { DIGIT[c.charCodeAt(0)] = i; });

  // Pairs (page-id gap, weight) as varints in base64url digits; anything malformed ends the term there.
  // Pares (salto de id, peso) como varints en base64url; lo mal formado termina el término ahí.
  function decode(postings, pages, each) {
    let id = -1, num = 0, shift = 0, weight = false;
    for (let i = 0; i < postings.length; i += 1) {
      const code = postings.charCodeAt(i), v = code < 128 ? DIGIT[code] : -1;
      if (v < 0 || shift > 30) return;
      num += (v & 31) * Math.pow(2, shift);
      if (v >= 32) { shift += 5; continue; }
      if (!weight) {
        if (num < 1 || id + num >= pages) return;
        id += num;
      } else {
        if (num < 1 || num > 63) return;
        each(id, num);
      }
      weight = !weight;
      num = 0;
      shift = 0;
    }
  }

  // The query's words and whether the last one is still being typed (no separator after it). / Palabras de la consulta.
  function parse(text, typing) {
    let q = typeof text === 'string' ? text : '';
    if (q.length > MAX_QUERY) q = Array.from(q.slice(0, MAX_QUERY * 2)).slice(0, MAX_QUERY).join('');
    const all = words(q, MAX_WORDS + 1);
    const list = Array.from(new Set(all.slice(0, MAX_WORDS)));
    const last = typing && all.length <= MAX_WORDS && ENDS_IN_WORD.test(fold(q)) ? all[all.length - 1] : null;
    return { list, last };
  }

  // What to look up for one word: exact (1.0), same light stem (0.7), and for the typed last word, longer terms (0.5).
  // Qué buscar por palabra: exacta, misma raíz ligera y, para la última que se escribe, términos más largos.
  function plan(M, word, prefix) {
    const root = stem(word), looks = [];
    const exact = exactFile(M, word);
    if (exact) looks.push([word, 1, exact]);
    [root].concat(ENDINGS.map(e => root + e)).forEach(term => {
      if (term === word || stem(term) !== root || Array.from(term).length > MAX_CP) return;
      const file = exactFile(M, term);
      if (file) looks.push([term, 0.7, file]);
    });
    return { word, looks, prefix: prefix ? prefixFiles(M, word) : [] };
  }

  const memo = new Map();

  // Every page matching all words, best first: [{id, score}], and the terms each word matched.
  // Las páginas que tienen todas las palabras, las mejores primero, y los términos de cada palabra.
  function match(M, list, last) {
    const key = JSON.stringify([list, last]);
    if (memo.has(key)) return memo.get(key);
    let plans = [], names = [];
    const result = enterBranches(M, list).then(() => {
      plans = list.map(word => plan(M, word, word === last));
      const files = new Set();
      plans.forEach(p => { p.looks.forEach(l => files.add(l[2])); p.prefix.forEach(f => files.add(f)); });
      names = Array.from(files);
      return Promise.all(names.map(shard));
    }).then(datas => {
      const byFile = new Map(names.map((name, i) => [name, datas[i]]));
      const perWord = plans.map(p => {
        const best = new Map(), terms = new Set();
        const consider = (term, factor, data) => {
          if (!data || !own(data, term) || typeof data[term] !== 'string') return;
          decode(data[term], M.pages, (id, weight) => {
            terms.add(term);
            const s = factor * weight;
            if (!(best.get(id) >= s)) best.set(id, s);
          });
        };
        p.looks.forEach(([term, factor, file]) => consider(term, factor, byFile.get(file)));
        let budget = MAX_PREFIX_TERMS;
        p.prefix.forEach(file => {
          const data = byFile.get(file);
          if (!data) return;
          for (const term of Object.keys(data)) {
            if (budget <= 0) break;
            if (term.length > p.word.length && term.startsWith(p.word)) { budget -= 1; consider(term, 0.5, data); }
          }
        });
        return { best, terms };
      });
      if (perWord.length === 0) return { hits: [], terms: [] };
      const order = perWord.slice().sort((a, b) => a.best.size - b.best.size);
      const hits = [];
      order[0].best.forEach((first, id) => {
        let score = 0;
        for (const w of perWord) {
          const s = w.best.get(id);
          if (s === undefined) return;
          score += s;
        }
        hits.push({ id, score });
      });
      hits.sort((a, b) => b.score - a.score || a.id - b.id);
      return { hits, terms: perWord.map(w => w.terms) };
    });
    memo.set(key, result);
    result.catch(() => memo.delete(key));
    if (memo.size > 30) memo.delete(memo.keys().next().value);
    return result;
  }

  /* ================================================================
     Records: url, title, kind and sections of the results shown / Registros de los resultados mostrados
     ================================================================ */

  // A plain relative path inside the site: no scheme, no leading /, no .., no backslash, no control characters.
  // Una ruta relativa simple: sin esquema, sin / inicial, sin .., sin barra invertida, sin caracteres de control.
  function plainPath(p) {
    if (typeof p !== 'string' || p === '' || p.length > 2048 || p !== p.trim()) return false;
    if (/[\u0000-\u001f\u007f-\u009f\\]/.test(p) || /^[/?#]/.test(p) || /^[^/?#]*:/.test(p)) return false;
    if (p.split(/[?#]/)[0].split('/').some(seg => seg.toLowerCase().replace(/%2e/g, '.') === '..')) return false;
    return url(p) !== null;
  }

  // A record as {url, title, kind, sections}, or null when it is not well formed. / Un registro, o null si está mal.
  function checkRecord(r) {
    if (!Array.isArray(r) || !plainPath(r[0]) || !Array.isArray(r[3])) return null;
    let budget = MAX_TEXT;  // characters of text kept per record / caracteres de texto por registro
    const sections = r[3].slice(0, 1000).filter(s => Array.isArray(s) && typeof s[0] === 'string' && typeof s[1] === 'string' &&
      typeof s[2] === 'string').map(s => {
      const head = s[1].slice(0, Math.min(1000, budget));
      budget -= head.length;
      const text = s[2].slice(0, budget);
      budget -= text.length;
      return [s[0], head, text];
    });
    return { url: r[0], title: str(r[1]).slice(0, 1000) || r[0], kind: str(r[2]).slice(0, 200), sections };
  }

  // The records of some page ids (missing or bad ones are null). / Los registros de unos ids.
  function records(M, ids) {
    const chunks = Array.from(new Set(ids.map(id => Math.floor(id / M.rc))));
    const tables = Array.from(new Set(chunks.map(n => Math.floor(n / M.tc))));
    return Promise.all(tables.map(k => table(M, k))).then(datas => {
      const byTable = new Map(tables.map((k, i) => [k, datas[i]]));
      return Promise.all(chunks.map(n => {
        const names = byTable.get(Math.floor(n / M.tc)), name = names ? names[n % M.tc] : '', id = fileId(name, 'r');
        return id ? load(name, id).then(data => Array.isArray(data) ? data : null) : null;
      })).then(lists => {
        const byChunk = new Map(chunks.map((n, i) => [n, lists[i]]));
        return ids.map(id => {
          const list = byChunk.get(Math.floor(id / M.rc));
          return list && id % M.rc < list.length ? checkRecord(list[id % M.rc]) : null;
        });
      });
    });
  }

  // The smallest stretch of words holding every query word (positions per word, sorted). / El menor tramo con todas.
  function spread(positions) {
    const all = [];
    positions.forEach((list, k) => list.forEach(p => all.push([p, k])));
    all.sort((a, b) => a[0] - b[0]);
    const need = positions.length, count = new Array(need).fill(0);
    let have = 0, best = Infinity, left = 0;
    for (let right = 0; right < all.length; right += 1) {
      if (count[all[right][1]]++ === 0) have += 1;
      while (have === need) {
        best = Math.min(best, all[right][0] - all[left][0]);
        if (--count[all[left][1]] === 0) have -= 1;
        left += 1;
      }
    }
    return best;
  }

  // The best section (every word close together, else the most words), the proximity bonus, the anchor and the excerpt.
  // La mejor sección (todas las palabras cerca, si no las más), el extra por cercanía, el ancla y el extracto.
  function describe(record, terms) {
    const all = new Set();
    terms.forEach(set => set.forEach(term => all.add(term)));
    let best = null;
    record.sections.forEach((section, index) => {
      const head = spans(section[1]), body = spans(section[2]);
      const positions = terms.map(() => []);
      head.concat(body).forEach((w, i) => terms.forEach((set, k) => { if (set.has(w.term)) positions[k].push(i); }));
      const present = positions.filter(list => list.length > 0).length;
      if (present === 0) return;
      const span = present === terms.length ? spread(positions) : Infinity;
      const close = span <= 8;
      if (!best || (close && (!best.close || span < best.span)) || (!close && !best.close && present > best.present)) {
        best = { index, section, body, present, span, close };
      }
    });
    const section = best ? best.section : record.sections[0];
    const body = best ? best.body : section ? spans(section[2]) : [];
    const anchor = best && best.index > 0 && /^[^\s\u0000-\u001f\u007f-\u009f]{1,200}$/.test(best.section[0]) ? best.section[0] : '';
    return { close: !!best && best.close, anchor, excerptParts: section ? excerpt(section[2], body, all) : [] };
  }

  // About 160 characters around the first match, every matched word marked. / Unos 160 caracteres en torno a la primera.
  function excerpt(text, body, all) {
    const hits = body.filter(w => all.has(w.term));
    let start = 0;
    if (hits.length && hits[0].start > 50) {
      start = hits[0].start - 50;
      const space = text.slice(start, hits[0].start).search(/\s/);
      if (space !== -1) start += space + 1;
    }
    let end = Math.min(text.length, start + 160);
    if (end < text.length) {
      const cut = text.slice(start, end).search(/\s\S*$/);
      if (cut > 0 && start + cut > (hits[0] ? hits[0].end : start)) end = start + cut;
    }
    if (/[\udc00-\udfff]/.test(text.charAt(start))) start += 1;
    if (/[\ud800-\udbff]/.test(text.charAt(end - 1))) end -= 1;
    const parts = [];
    const push = (s, marked) => {
      if (!s) return;
      const last = parts[parts.length - 1];
      if (last && last[1] === marked) last[0] += s; else parts.push([s, marked]);
    };
    if (start > 0) push('…', false);
    let at = start;
    hits.forEach(w => {
      if (w.end <= at || w.start >= end) return;
      const from = Math.max(at, w.start), to = Math.min(end, w.end);
      push(text.slice(at, from), false);
      push(text.slice(from, to), true);
      at = to;
    });
    push(text.slice(at, end), false);
    if (end < text.length) push('…', false);
    return parts;
  }

  // One query: {total, all, end, results}; results are `limit` hits from `offset` with their records, re-ranked by the
  // proximity bonus; `all` counts every hit, `total` leaves out the refused records seen. Rejects only when a file could not
  // be loaded. / Una consulta; `all` cuenta todo, `total` sin los registros rechazados; solo falla si un fichero no carga.
  function run(text, typing, offset, limit) {
    return manifest().then(M => {
      const { list, last } = parse(text, typing);
      if (!M || list.length === 0) return { total: 0, all: 0, end: 0, results: [] };
      return match(M, list, last).then(({ hits, terms }) => {
        const shown = hits.slice(offset, offset + limit);
        return records(M, shown.map(h => h.id)).then(recs => {
          const results = [];
          let dropped = 0;
          shown.forEach((hit, i) => {
            const record = recs[i];
            if (!record) { dropped += 1; return; }
            const d = describe(record, terms);
            results.push({ url: record.url, href: url(record.url) + (d.anchor ? '#' + encodeURIComponent(d.anchor) : ''),
              title: record.title, kind: record.kind, anchor: d.anchor, excerptParts: d.excerptParts,
              score: d.close ? hit.score * 1.25 : hit.score, id: hit.id });
          });
          results.sort((a, b) => b.score - a.score || a.id - b.id);
          // Refused records are not counted. / Los registros rechazados no cuentan.
          return { total: hits.length - dropped, all: hits.length, end: offset + shown.length, results };
        });
      });
    });
  }

  // The engine, for the data files and for tests. / El motor, para los ficheros de datos y las pruebas.
  window.vitrinaSearch = {
    m: accept(isObj), b: accept(isObj), s: accept(isObj), t: accept(Array.isArray), r: accept(Array.isArray),
    loaded, words, stem,
    spans: text => spans(String(text)).map(w => [w.term, w.start, w.end]),
    query(text, options) {
      const o = isObj(options) ? options : {};
      const limit = isInt(o.limit, 1, 1e7) ? o.limit : 10, offset = isInt(o.offset, 0, 1e7) ? o.offset : 0;
      return Promise.resolve().then(() => run(text, o.prefix !== false, offset, limit)).then(r => {
        const list = r.results.map(x => ({ url: x.url, href: x.href, title: x.title, kind: x.kind, anchor: x.anchor,
          excerptParts: x.excerptParts.map(p => [p[0], p[1]]), score: x.score }));
        list.total = r.total;
        return list;
      });
    }
  };

  /* ================================================================
     Drawing results / Dibujar resultados
     ================================================================ */

  // "{n} results", with the page's singular when it has one. / "{n} resultados", con el singular de la página si lo tiene.
  const countText = n => n === 0 ? t('no_results')
    : n === 1 && !hasString('results_count') && !hasString('results_count_one') ? t('results_count_one', { n }) : t('results_count', { n });

  // An excerpt as text nodes and <mark> elements only. / Un extracto solo con nodos de texto y <mark>.
  const excerptNode = (tag, parts) => el(tag, { class: 'search-excerpt' }, parts.map(p => p[1] ? el('mark', {}, [p[0]]) : p[0]));
  const kindNode = kind => kind ? el('span', { class: 'badge search-kind' }, [kind]) : null;
  const editable = node => node instanceof Element && (node.isContentEditable || !!node.closest('input, textarea, select'));

  /* ================================================================
     The header box: combobox with a listbox popup / La caja de la cabecera: combobox con lista emergente
     ================================================================ */

  let boxes = 0;
  function initBox(form) {
    const input = form.querySelector('input[name="q"]');
    if (!input || input.hasAttribute('aria-controls')) return null;
    boxes += 1;
    const base = (input.id || 'site-search') + '-' + boxes;
    const list = el('div', { id: base + '-list', class: 'search-listbox', role: 'listbox', 'aria-label': t('search_suggestions') });
    const note = el('p', { class: 'search-popup-note', hidden: true });
    const popup = el('div', { class: 'search-popup', hidden: true }, [list, note]);
    const status = el('p', { class: 'visually-hidden', role: 'status', 'aria-atomic': 'true' });
    form.classList.add('has-search-popup');
    form.append(popup, status);
    Object.entries({ role: 'combobox', 'aria-autocomplete': 'list', 'aria-expanded': 'false', 'aria-controls': list.id, autocomplete: 'off' })
      .forEach(([name, value]) => input.setAttribute(name, value));
    let options = [], active = -1, seq = 0, timer = 0;

    const isOpen = () => !popup.hidden;
    function setActive(i) {
      if (options[active]) options[active].setAttribute('aria-selected', 'false');
      active = i;
      if (options[i]) {
        options[i].setAttribute('aria-selected', 'true');
        input.setAttribute('aria-activedescendant', options[i].id);
        options[i].scrollIntoView({ block: 'nearest' });
      } else input.removeAttribute('aria-activedescendant');
    }
    function close() {
      setActive(-1);
      popup.hidden = true;
      input.setAttribute('aria-expanded', 'false');
    }
    function open() {
      if (!options.length && note.hidden) return;
      popup.hidden = false;
      input.setAttribute('aria-expanded', options.length ? 'true' : 'false');
      fit();
    }
    // The popup hangs from the box's end; moved back inside the screen when the box sits near its other edge.
    // La lista cuelga del final de la caja; se devuelve a la pantalla si la caja está cerca del otro borde.
    function fit() {
      popup.style.insetInlineEnd = '';
      const r = popup.getBoundingClientRect(), room = document.documentElement.clientWidth, rtl = getComputedStyle(popup).direction === 'rtl';
      const over = rtl ? r.right - (room - 8) : 8 - r.left;
      if (over > 0) popup.style.insetInlineEnd = -over + 'px';
    }

    // Options: links with title, kind and excerpt (or the failure note); what may throw runs before the box changes.
    // Opciones: enlaces con título, tipo y extracto (o el aviso de fallo); lo que puede fallar va antes de tocar la caja.
    function show(r, text, failed) {
      const next = r.results.slice(0, BOX_LIMIT).map((x, i) => el('a', { id: base + '-option-' + i, class: 'search-option', role: 'option',
        href: x.href, tabindex: '-1', 'aria-selected': 'false' }, [el('span', { class: 'search-option-title' }, [x.title]), ' ',
        kindNode(x.kind), ' ', excerptNode('span', x.excerptParts)]));
      const message = failed ? t('search_failed') : next.length ? '' : t('no_results');
      const said = failed ? message : countText(r.total);
      options = next;
      active = -1;
      input.removeAttribute('aria-activedescendant');
      list.replaceChildren(...options);
      list.hidden = options.length === 0;
      note.textContent = message;
      note.hidden = !message;
      if (document.activeElement === input) open(); else close();
      popup.dataset.query = text;
      announce(status, said);
    }

    // Only the answer to the field's current text is shown: every input drops the answers on their way.
    // Solo se muestra la respuesta al texto actual del campo: cada tecla descarta las respuestas en camino.
    const current = (mine, text) => mine === seq && input.value === text;
    function update() {
      const mine = ++seq, text = input.value;
      if (words(text, 1).length === 0) {
        options = [];
        list.replaceChildren();
        status.textContent = '';
        close();
        return;
      }
      // An error loading or showing ends in the failure note. / Un error al cargar o al mostrar acaba en el aviso.
      run(text, true, 0, BOX_LIMIT).then(r => { if (current(mine, text)) show(r, text, false); })
        .catch(() => { if (current(mine, text)) show({ total: 0, results: [] }, text, true); });
    }

    input.addEventListener('input', () => {
      seq += 1;
      delete popup.dataset.query;
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 120);
    });
    input.addEventListener('focus', () => { manifest().catch(() => {}); });
    input.addEventListener('keydown', e => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.isComposing) return;
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        if (!options.length) return;
        e.preventDefault();
        open();
        const n = options.length;
        setActive(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
      } else if (e.key === 'Enter' && isOpen() && options[active]) {
        e.preventDefault();
        options[active].click();
      } else if (e.key === 'Escape') {
        if (isOpen()) {
          e.preventDefault();
          close();
        } else if (input.value) {
          e.preventDefault();
          input.value = '';
          window.clearTimeout(timer);
          update();
        }
      }
    });
    // Clicks on options keep the focus in the box; a click or focus elsewhere closes. / Fuera de la caja, se cierra.
    popup.addEventListener('mousedown', e => e.preventDefault());
    document.addEventListener('click', e => { if (isOpen() && !form.contains(e.target)) close(); });
    form.addEventListener('focusout', e => { if (!e.relatedTarget || !form.contains(e.relatedTarget)) close(); });
    return input;
  }

  /* ================================================================
     The search page: every result, 20 at a time / La página de búsqueda: todos los resultados, de 20 en 20
     ================================================================ */

  function initPage(inputs) {
    const results = document.getElementById('search-results');
    if (!results) return;
    const count = document.getElementById('search-count'), empty = document.getElementById('search-empty');
    const q = readQuery(['q']).q;
    inputs.forEach(input => { input.value = q; });
    results.replaceChildren();
    if (empty) empty.hidden = true;
    if (count) count.textContent = '';
    if (words(q, 1).length === 0) return;
    const heading = t('search_results_for', { q });
    document.title = heading + ' · ' + document.title;
    const more = el('button', { type: 'button', class: 'btn search-more', hidden: true }, [t('search_show_more')]);
    results.after(more);
    let end = 0;

    const item = x => el('li', { class: 'search-result' }, [el('a', { href: x.href }, [x.title]), ' ', kindNode(x.kind),
      excerptNode('p', x.excerptParts)]);

    function next(focus) {
      more.disabled = true;
      results.setAttribute('aria-busy', 'true');
      // The count before any item is added; an error loading or showing says so. / La cuenta antes; un error lo dice.
      run(q, true, end, PAGE_LIMIT).then(r => {
        const items = r.results.map(item), said = heading + ': ' + countText(r.total);
        results.append(...items);
        end = r.end;
        if (count) count.textContent = said;
        if (empty) {
          empty.hidden = r.total > 0;
          if (!empty.textContent.trim()) empty.textContent = t('no_results');
        }
        more.hidden = end >= r.all;
        if (focus && items[0]) items[0].querySelector('a').focus();
      }).catch(() => {
        if (count) count.textContent = t('search_failed');
        more.hidden = false;
      }).then(() => {
        more.disabled = false;
        results.removeAttribute('aria-busy');
      });
    }
    more.addEventListener('click', () => next(true));
    next(false);
  }

  // "/" focuses the first box, unless the visitor is typing somewhere. / "/" lleva a la caja, salvo si se escribe en otro sitio.
  function initShortcut(input) {
    document.addEventListener('keydown', e => {
      if (e.key !== '/' || e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented || editable(e.target)) return;
      e.preventDefault();
      input.focus();
      input.select();
    });
  }

  V.ready(() => V.kit.run(() => {
    const inputs = Array.from(document.querySelectorAll('form.site-search')).map(initBox).filter(Boolean);
    if (inputs[0]) initShortcut(inputs[0]);
    initPage(inputs);
  }));
})();
