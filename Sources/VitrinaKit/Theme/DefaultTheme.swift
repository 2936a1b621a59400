/// The default theme's files, compiled into Vitrina so a folder of Markdown builds with no `Templates/`.
/// Los ficheros del tema por defecto, compilados en Vitrina para que una carpeta de Markdown se construya sin `Templates/`.
package enum DefaultTheme {
    /// The theme's files, the templates every theme gets among them.
    static let files: [String: String] = ownFiles.merging(sharedTemplates) { own, _ in own }

    /// What any theme without its own gets (`BuildPipeline.loadTheme`), drawn inside the theme's own `layouts/base`: the
    /// pages of taxonomies and the block a tagged page shows, and the picture partial the guide's templates include
    /// (`{{> partials/image}}`), so a theme copied by an older `vitrina new` draws them too.
    /// Lo que recibe cualquier tema que no lo tenga: las páginas de las taxonomías y el parcial de imagen que usa la guía.
    package static let sharedTemplates: [String: String] = DocsLayoutFiles.files.merging(sharedThemeTemplates) { docs, _ in docs }

    private static let sharedThemeTemplates: [String: String] = [
        // The kit the theme's feature scripts use (the docs layout's nav.js), for a theme without the sample site's app.js.
        // El kit que usan los scripts del tema, para un tema sin el app.js del sitio de ejemplo.
        "assets/js/app.js": #"""
        /* Vitrina's small kit for themes without their own app.js: strings, elements, site links. / Kit mínimo de Vitrina. */
        (() => {
          'use strict';
          const V = window.VITRINA = window.VITRINA || {};
          if (V.kit) return;
          const fallback = {};
          let table = null;
          const strings = () => {
            if (table) return table;
            const given = window.VITRINA_STRINGS;
            if (given && typeof given === 'object' && !Array.isArray(given)) return (table = given);
            try { table = JSON.parse((document.getElementById('vitrina-strings') || {}).textContent || '{}') || {}; } catch (e) { table = {}; }
            return table;
          };
          // A plain relative path inside the site: no scheme, no leading / or \, no //, no .. above the root.
          // Una ruta relativa dentro del sitio.
          const isSitePath = p => {
            if (typeof p !== 'string' || p === '' || p !== p.trim() || /[\u0000-\u001f\u007f-\u009f\\]/.test(p) || p.indexOf('//') !== -1 || /^[/?#]/.test(p)) return false;
            const segments = p.split(/[?#]/)[0].split('/');
            if (segments[0].indexOf(':') !== -1) return false;
            let depth = 0;
            return segments.every(s => { const n = s.toLowerCase().replace(/%2e/g, '.'); depth += n === '..' ? -1 : (n === '.' || n === '' ? 0 : 1); return depth >= 0; });
          };
          V.ready = fn => (document.readyState === 'loading' ? document.addEventListener('DOMContentLoaded', fn) : fn());
          V.kit = {
            el(tag, attributes, children) {
              const node = document.createElement(tag);
              Object.keys(attributes || {}).forEach(name => {
                const value = attributes[name];
                if (value !== null && value !== undefined && value !== false) node.setAttribute(name, value === true ? '' : String(value));
              });
              (children || []).forEach(child => { if (child !== null && child !== undefined) node.append(child); });
              return node;
            },
            // A string with its {name} slots filled; "_one" for a count of one when the page has it.
            // Un texto con sus huecos {nombre} rellenos; "_one" para una cuenta de uno si la página lo tiene.
            t(key, vars) {
              const singular = vars && Number(vars.n) === 1 && V.kit.hasString(key + '_one') ? key + '_one' : key;
              const v = strings()[singular];
              const text = typeof v === 'string' && v !== '' && v !== singular ? v : (fallback[singular] || fallback[key] || '');
              return text.replace(/\{(\w+)\}/g, (slot, name) => (vars && name in vars ? String(vars[name]) : slot));
            },
            hasString: key => typeof strings()[key] === 'string' && strings()[key] !== '',
            url: p => (isSitePath(p) ? (document.documentElement.getAttribute('data-root') || '') + p : null),
            fallbacks: more => Object.keys(more || {}).forEach(k => { if (!(k in fallback)) fallback[k] = more[k]; }),
            run: fn => { try { fn(); } catch (error) { setTimeout(() => { throw error; }); } },
            // A live region told the same text again still speaks it. / Una región viva repite un texto igual.
            announce(node, text) {
              if (!node) return;
              if (node.textContent === text) { node.textContent = ''; setTimeout(() => { node.textContent = text; }, 50); } else node.textContent = text;
            },
            readQuery: names => {
              const params = new URLSearchParams(location.search), values = {};
              names.forEach(name => { values[name] = (params.get(name) || '').trim(); });
              return values;
            }
          };
        })();

        """#,
        "partials/image.mustache": #"""
        {{#webp}}<picture><source type="image/webp" srcset="{{webp}}" sizes="{{sizes}}">{{/webp}}<img src="{{src}}" width="{{width}}" height="{{height}}" alt="{{alt}}" loading="lazy" decoding="async">{{#webp}}</picture>{{/webp}}
        """#,
        "taxonomy/list.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        <h1>{{heading}}</h1>
        <ul class="term-list">
        {{#terms}}<li><a href="{{href}}">{{label}}</a> <span class="muted">{{count}}</span></li>
        {{/terms}}
        </ul>
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "taxonomy/term.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        <p class="back-link"><a href="{{back.href}}">← {{back.label}}</a></p>
        <h1>{{heading}}</h1>
        <p class="lead">{{intro}}</p>
        <ol class="term-items">
        {{#items}}<li><a href="{{href}}">{{title}}</a>{{#date}} <span class="muted"><time datetime="{{isoDate}}">{{date}}</time></span>{{/date}}{{#description}}<br><span class="muted">{{description}}</span>{{/description}}</li>
        {{/items}}
        </ol>
        {{> partials/pagination}}
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "partials/page-terms.mustache": #"""
        {{#taxonomy}}<aside class="page-terms" aria-label="{{t.terms_label}}">
        {{#groups}}<p class="term-group"><span class="term-group-label">{{label}}:</span> {{#terms}}<a rel="tag" class="term" href="{{href}}">{{label}}</a> {{/terms}}</p>
        {{/groups}}{{#hasRelated}}<h2 class="related-title">{{relatedTitle}}</h2>
        <ul class="related">
        {{#related}}<li><a href="{{href}}">{{label}}</a></li>
        {{/related}}
        </ul>
        {{/hasRelated}}</aside>
        {{/taxonomy}}
        """#,
    ]

    private static let ownFiles: [String: String] = [
        "layouts/base.mustache": #"""
        <!DOCTYPE html>
        <html lang="{{lang}}" data-root="{{root}}" data-page="{{kind}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{fullTitle}}</title>
        {{#hasDescription}}<meta name="description" content="{{description}}">
        {{/hasDescription}}<meta name="generator" content="Vitrina">
        {{#baseHref}}<base href="{{baseHref}}">
        {{/baseHref}}
        {{#canonical}}<link rel="canonical" href="{{canonical}}">
        {{/canonical}}
        {{#languages}}{{#absolute}}<link rel="alternate" hreflang="{{code}}" href="{{absolute}}">
        {{/absolute}}{{/languages}}
        {{#social}}<meta property="og:site_name" content="{{siteName}}">
        <meta property="og:title" content="{{title}}">
        {{#hasDescription}}<meta property="og:description" content="{{description}}">
        {{/hasDescription}}<meta property="og:type" content="{{type}}">
        {{#url}}<meta property="og:url" content="{{url}}">
        {{/url}}<meta property="og:locale" content="{{locale}}">
        {{#alternateLocales}}<meta property="og:locale:alternate" content="{{.}}">
        {{/alternateLocales}}{{#image}}<meta property="og:image" content="{{image}}">
        <meta name="twitter:image" content="{{image}}">
        {{/image}}<meta name="twitter:card" content="{{card}}">
        <meta name="twitter:title" content="{{title}}">
        {{#hasDescription}}<meta name="twitter:description" content="{{description}}">
        {{/hasDescription}}{{/social}}{{#feeds}}<link rel="alternate" type="application/atom+xml" title="{{title}}" href="{{atom}}">
        <link rel="alternate" type="application/feed+json" title="{{title}}" href="{{json}}">
        {{/feeds}}{{#jsonLD}}<script type="application/ld+json">{{{.}}}</script>
        {{/jsonLD}}
        <link rel="stylesheet" href="{{stylesheet}}">
        {{#codeStylesheet}}<link rel="stylesheet" href="{{codeStylesheet}}">
        {{/codeStylesheet}}{{#styles}}<link rel="stylesheet" href="{{.}}">
        {{/styles}}{{#stringsScript}}<script defer src="{{stringsScript}}"></script>
        {{/stringsScript}}{{#scripts}}<script defer src="{{.}}"></script>
        {{/scripts}}{{#codeScript}}<script defer src="{{codeScript}}"></script>
        {{/codeScript}}{{#searchStylesheet}}<link rel="stylesheet" href="{{searchStylesheet}}">
        {{/searchStylesheet}}{{#searchScript}}<script defer src="{{searchScript}}"></script>
        {{/searchScript}}<link rel="icon" href="{{icon}}" type="image/svg+xml">
        </head>
        <body>
        <a class="skip-link" href="#main">{{t.skip_to_content}}</a>
        <header class="site-header">
        <a class="brand" href="{{home}}">{{siteTitle}}</a>
        <nav aria-label="{{t.nav_label}}">
        <ul>
        {{#nav}}<li><a href="{{href}}"{{#current}} aria-current="page"{{/current}}>{{label}}</a></li>
        {{/nav}}
        </ul>
        </nav>
        {{#search}}<form class="site-search" role="search" action="{{search}}">
        <input type="search" name="q" aria-label="{{t.search_label}}" placeholder="{{t.search_placeholder}}">
        <button>{{t.search_button}}</button>
        </form>{{/search}}
        {{#hasLanguages}}
        <nav class="language-switch" aria-label="{{t.language_label}}">
        <ul>
        {{#languages}}<li>{{#current}}<span aria-current="true">{{label}}</span>{{/current}}{{^current}}<a href="{{href}}" hreflang="{{code}}" lang="{{code}}">{{label}}</a>{{/current}}</li>
        {{/languages}}
        </ul>
        </nav>
        {{/hasLanguages}}
        </header>
        <main id="main">
        {{$main}}{{/main}}
        {{> partials/page-terms}}
        </main>
        {{^stringsScript}}<script type="application/json" id="vitrina-strings">{{{stringsJSON}}}</script>
        {{/stringsScript}}<footer class="site-footer"><p>{{t.footer_made_with}} Vitrina.</p></footer>
        </body>
        </html>

        """#,
        "index.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        <h1>{{title}}</h1>
        {{#hasDescription}}<p class="lead">{{description}}</p>{{/hasDescription}}
        {{{html}}}
        {{> partials/listing}}
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "section.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        {{> partials/breadcrumbs}}
        <h1>{{title}}</h1>
        {{#hasDescription}}<p class="lead">{{description}}</p>{{/hasDescription}}
        {{{html}}}
        {{> partials/listing}}
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "page.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        {{> partials/breadcrumbs}}
        <article class="prose"{{#contentLanguage}} lang="{{contentLanguage}}"{{/contentLanguage}}>
        {{#showTitle}}<h1>{{title}}</h1>
        {{/showTitle}}{{#draft}}<p><span class="badge">{{t.draft_badge}}</span></p>
        {{/draft}}{{{html}}}
        </article>
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "partials/breadcrumbs.mustache": #"""
        {{#hasBreadcrumbs}}<nav class="breadcrumbs" aria-label="{{t.breadcrumbs_label}}"><ol>{{#breadcrumbs}}<li><a href="{{href}}">{{label}}</a></li>{{/breadcrumbs}}</ol></nav>{{/hasBreadcrumbs}}

        """#,
        "partials/subsections.mustache": #"""
        {{#hasSubsections}}<h2>{{t.sections_title}}</h2>
        <ul class="sections">
        {{#subsections}}<li><a href="{{href}}">{{title}}</a> <span class="count">{{count}}</span></li>
        {{/subsections}}
        </ul>
        {{/hasSubsections}}

        """#,
        "partials/listing.mustache": #"""
        {{> partials/subsections}}
        {{#hasPages}}<ul class="pages">
        {{#pages}}<li><a href="{{href}}">{{title}}</a>{{#draft}} <span class="badge">{{t.draft_badge}}</span>{{/draft}}{{#hasDescription}} — <span class="muted">{{description}}</span>{{/hasDescription}}</li>
        {{/pages}}
        </ul>
        {{/hasPages}}
        {{> partials/pagination}}

        """#,
        "partials/pagination.mustache": #"""
        {{#pagination.isNeeded}}
        <nav class="pagination" aria-label="{{t.pagination_label}}">
        <ul>
        {{#pagination.previous}}<li><a rel="prev" href="{{href}}">← {{label}}</a></li>
        {{/pagination.previous}}
        {{#pagination.pages}}<li>{{#gap}}<span class="gap" aria-hidden="true">…</span>{{/gap}}{{^gap}}{{#current}}<span aria-current="page">{{label}}</span>{{/current}}{{^current}}<a href="{{href}}">{{label}}</a>{{/current}}{{/gap}}</li>
        {{/pagination.pages}}
        {{#pagination.next}}<li><a rel="next" href="{{href}}">{{label}} →</a></li>
        {{/pagination.next}}
        </ul>
        </nav>
        {{/pagination.isNeeded}}

        """#,
        "404.mustache": #"""
        {{<base}}
        {{$main}}
        {{#content}}
        <h1>{{heading}}</h1>
        <p class="lead">{{text}}</p>
        {{#home}}<p><a href="{{href}}">{{label}}</a></p>{{/home}}
        {{/content}}
        {{/main}}
        {{/base}}

        """#,
        "assets/site.css": #"""
        /* Vitrina's default theme: readable text, light and dark. */
        :root { color-scheme: light dark; --fg: #1d2330; --muted: #5b6475; --bg: #fdfdfc; --line: #dde1e8; --accent: #2459c9;
          --text: var(--fg); --border: var(--line); --surface: var(--bg); --surface-2: color-mix(in srgb, var(--line) 35%, var(--bg));
          --accent-soft: color-mix(in srgb, var(--accent) 12%, var(--bg)); --accent-hover: var(--accent); --radius: 8px; --radius-sm: 4px;
          --pill: 999px; --shadow-sm: 0 1px 2px rgb(0 0 0 / .12); --shadow: 0 4px 16px rgb(0 0 0 / .18);
          --alert-note: #0b5cc7; --alert-note-bg: #eaf2fe; --alert-tip: #17702f; --alert-tip-bg: #e8f6ec; --alert-important: #6d3fc8;
          --alert-important-bg: #f3eefd; --alert-warning: #8a5a00; --alert-warning-bg: #fdf4dc; --alert-caution: #b91c28; --alert-caution-bg: #fdeced; }
        @media (prefers-color-scheme: dark) { :root { --fg: #e6e9ef; --muted: #a3acbd; --bg: #14171d; --line: #2c323d; --accent: #8fb2ff;
          --alert-note: #6cb2ff; --alert-note-bg: #14233a; --alert-tip: #56d364; --alert-tip-bg: #13291c; --alert-important: #c1a2ff;
          --alert-important-bg: #251d3d; --alert-warning: #e3b341; --alert-warning-bg: #2e2512; --alert-caution: #ff7b72; --alert-caution-bg: #361a1c; } }
        * { box-sizing: border-box; }
        [hidden] { display: none !important; }
        body { margin: 0; font: 1rem/1.6 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
        a { color: var(--accent); }
        .skip-link { position: absolute; left: -999px; }
        .skip-link:focus { left: 1rem; top: 1rem; }
        .site-header, main, .site-footer { max-width: 50rem; margin: 0 auto; padding: 1rem; }
        html[data-page="docs-page"] main, html[data-page="docs-page"] .site-header, html[data-page="docs-page"] .site-footer { max-width: 90rem; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .site-header { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; align-items: baseline; border-bottom: 1px solid var(--line); }
        .site-search { display: flex; gap: .25rem; margin-inline-start: auto; }
        .site-search input { min-width: 0; width: 12rem; padding: .3rem .5rem; font: inherit; color: var(--fg); background: var(--bg);
          border: 1px solid var(--line); border-radius: var(--radius-sm); }
        .site-search button { padding: .3rem .7rem; font: inherit; color: var(--bg); background: var(--accent); border: 0; border-radius: var(--radius-sm); }
        .brand { font-weight: 700; text-decoration: none; color: var(--fg); }
        .site-header ul, .breadcrumbs ol, .pagination ul { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
        [aria-current="page"] { font-weight: 700; }
        .breadcrumbs li + li::before { content: "›"; margin-right: .75rem; color: var(--muted); }
        .lead, .muted, .count { color: var(--muted); }
        .pages li, .sections li { margin: .25rem 0; }
        .badge { font-size: .8em; padding: 0 .4em; border: 1px solid var(--muted); border-radius: .3em; }
        .prose code, .prose pre { font-family: ui-monospace, monospace; border-radius: .25em; }
        .prose code, .prose pre:not(.chroma) { background: color-mix(in srgb, var(--line) 45%, transparent); }
        .prose code { padding: .1em .3em; }
        .prose pre code { padding: 0; background: none; }
        .prose pre { padding: .75rem; overflow-x: auto; }
        /* Formulas (MathML made at build time) in a math font where the reader has one; a wide display formula scrolls. */
        math { font-family: "Latin Modern Math", "STIX Two Math", "Cambria Math", "DejaVu Math TeX Gyre", math; }
        math[display="block"] { overflow-x: auto; overflow-y: hidden; padding-block: 0.25em; }
        .prose blockquote { margin: 0; padding-left: 1rem; border-left: 3px solid var(--line); color: var(--muted); }
        .prose img { max-width: 100%; height: auto; }
        .prose .alert { margin: 0 0 1rem; padding: .5rem 1rem; border-left: 4px solid var(--alert); background: var(--alert-bg); }
        .prose .alert > :last-child { margin-bottom: 0; }
        .prose .alert-title { margin: 0 0 .35rem; font-weight: 700; color: var(--alert); }
        .prose .alert-title::before { display: inline-block; min-width: 1.35em; }
        .prose .alert-note { --alert: var(--alert-note); --alert-bg: var(--alert-note-bg); }
        .prose .alert-tip { --alert: var(--alert-tip); --alert-bg: var(--alert-tip-bg); }
        .prose .alert-important { --alert: var(--alert-important); --alert-bg: var(--alert-important-bg); }
        .prose .alert-warning { --alert: var(--alert-warning); --alert-bg: var(--alert-warning-bg); }
        .prose .alert-caution { --alert: var(--alert-caution); --alert-bg: var(--alert-caution-bg); }
        .prose .alert-note .alert-title::before { content: "ℹ"; content: "ℹ" / ""; }
        .prose .alert-tip .alert-title::before { content: "💡"; content: "💡" / ""; }
        .prose .alert-important .alert-title::before { content: "❗"; content: "❗" / ""; }
        .prose .alert-warning .alert-title::before { content: "⚠"; content: "⚠" / ""; }
        .prose .alert-caution .alert-title::before { content: "⛔"; content: "⛔" / ""; }
        .prose .footnotes { font-size: .9rem; color: var(--muted); border-top: 1px solid var(--line); }
        .prose table { border-collapse: collapse; }
        .prose th, .prose td { border: 1px solid var(--line); padding: .25rem .5rem; }
        .anchor { margin-left: .25em; padding: 0 .2em; color: var(--muted); font-weight: 400; text-decoration: none; opacity: 0; }
        :is(h1, h2, h3, h4, h5, h6):hover > .anchor, .anchor:focus-visible { opacity: 1; }
        @media (hover: none) { .anchor { opacity: .6; } }
        .pagination { margin-top: 1.5rem; }
        .pagination .gap { color: #6b6b6b; }
        .site-footer { border-top: 1px solid var(--line); color: var(--muted); font-size: .9rem; }
        .page-terms { margin-top: 2rem; padding-top: 1rem; border-top: 1px solid var(--line); }
        .term-group-label { font-weight: 600; }
        .term { display: inline-block; margin: 0 0.3rem 0.3rem 0; padding: 0.2rem 0.6rem; border-radius: 999px; background: #eef2fb; }
        .related-title { font-size: 1.05rem; }

        """#,
        "assets/favicon.svg": #"""
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><path d="M8 1 15 8 8 15 1 8z" fill="#2459c9"/></svg>

        """#,
        "i18n/es.yml": #"""
        # Textos de la interfaz en español. / UI strings in Spanish.
        skip_to_content: Saltar al contenido
        nav_label: Secciones
        nav_home: Inicio
        nav_more: Más…
        language_label: Idioma
        language_es: Español
        language_en: English
        footer_made_with: Hecho con
        breadcrumbs_label: Ruta
        sections_title: Secciones
        pagination_label: Páginas
        previous: Anterior
        next: Siguiente
        prev_next_label: Anterior y siguiente
        draft_badge: Borrador
        toc_label: En esta página
        docs_title: Documentación
        docs_menu: Menú
        kind_page: Página
        search_label: Buscar en el sitio
        search_placeholder: Buscar…
        search_button: Buscar
        search_title: Buscar
        search_intro: Cada página, por las palabras de su título, sus secciones y su texto.
        search_noscript: La búsqueda necesita JavaScript; usa el menú para recorrer las secciones.
        no_results: Sin resultados. Prueba con otra palabra.
        results_count: "{n} resultados"
        results_count_one: 1 resultado
        search_results_for: "Resultados para «{q}»"
        search_show_more: Mostrar más resultados
        search_suggestions: Sugerencias
        search_failed: No se pudo cargar la búsqueda. Inténtalo de nuevo.
        kind_doc: Documentación
        kind_diary: Diario
        docs_menu_close: Cerrar menú
        docs_nav_more: Mostrar más páginas
        docs_nav_earlier: Mostrar páginas anteriores
        docs_nav_failed: No se pudo cargar esta sección.
        docs_nav_external: sitio externo
        docs_edit_page: Editar esta página
        docs_last_change: "Último cambio:"
        not_found_title: Página no encontrada
        not_found_text: La página que buscas no existe o ha cambiado de sitio.
        months: enero, febrero, marzo, abril, mayo, junio, julio, agosto, septiembre, octubre, noviembre, diciembre
        taxonomy_tags: Etiquetas
        taxonomy_categories: Categorías
        terms_count: "{count} páginas"
        terms_count_one: "1 página"
        terms_label: Clasificación
        related_title: Relacionado
        # Carpetas de las rutas. / Route folder names.
        route_page: pagina
        route_tags: etiquetas
        route_categories: categorias
        route_diary: diario
        route_map: mapa
        route_album: album

        """#,
        "i18n/en.yml": #"""
        # UI strings in English. / Textos de la interfaz en inglés.
        skip_to_content: Skip to content
        nav_label: Sections
        nav_home: Home
        nav_more: More…
        language_label: Language
        language_es: Español
        language_en: English
        footer_made_with: Made with
        breadcrumbs_label: Breadcrumbs
        sections_title: Sections
        pagination_label: Pages
        previous: Previous
        next: Next
        prev_next_label: Previous and next
        draft_badge: Draft
        toc_label: On this page
        docs_title: Docs
        docs_menu: Menu
        kind_page: Page
        search_label: Search the site
        search_placeholder: Search…
        search_button: Search
        search_title: Search
        search_intro: Every page, by the words of its title, its sections and its text.
        search_noscript: Search needs JavaScript; use the menu to browse the sections.
        no_results: No results. Try another word.
        results_count: "{n} results"
        results_count_one: 1 result
        search_results_for: "Results for “{q}”"
        search_show_more: Show more results
        search_suggestions: Suggestions
        search_failed: Search could not be loaded. Try again.
        kind_doc: Docs
        kind_diary: Diary
        docs_menu_close: Close menu
        docs_nav_more: Show more pages
        docs_nav_earlier: Show earlier pages
        docs_nav_failed: This section could not be loaded.
        docs_nav_external: external site
        docs_edit_page: Edit this page
        docs_last_change: "Last change:"
        not_found_title: Page not found
        not_found_text: The page you are looking for does not exist or has moved.
        months: January, February, March, April, May, June, July, August, September, October, November, December
        taxonomy_tags: Tags
        taxonomy_categories: Categories
        terms_count: "{count} pages"
        terms_count_one: "1 page"
        terms_label: Classification
        related_title: Related
        # Route folder names. / Carpetas de las rutas.
        route_page: page
        route_tags: tags
        route_categories: categories
        route_diary: diary
        route_map: map
        route_album: album

        """#,
    ]
}
