"""Paths of the built site, per language, and small helpers shared by the browser tests."""
from __future__ import annotations

import json
from pathlib import Path

# Route of each screen in each language (the English site lives under en/).
ROUTES = {
    "es": {
        "home": "index.html",
        "pokemon": "pokemon/index.html",
        "pikachu": "pokemon/25-pikachu/index.html",
        "pikachu_album": "pokemon/25-pikachu/album/index.html",
        "type_electric": "pokemon/tipos/electric/index.html",
        "characters": "personajes/index.html",
        "characters_page2": "personajes/pagina/2/index.html",
        "rick": "personajes/1-rick-sanchez/index.html",
        "morty": "personajes/2-morty-smith/index.html",
        "character_map": "personajes/mapa/index.html",
        "episodes": "episodios/index.html",
        "episode": "episodios/1-pilot/index.html",
        "locations": "lugares/index.html",
        "location": "lugares/1-earth-c-137/index.html",
        "store": "tienda/index.html",
        "category": "tienda/electronics/index.html",
        "category_album": "tienda/electronics/album/index.html",
        "diary": "diario/index.html",
        "diary_entry": "diario/2026-01-18-valparaiso/index.html",
        "diary_map": "diario/mapa/index.html",
        "diary_album": "diario/album/index.html",
        "docs": "docs/index.html",
        "doc": "docs/getting-started/index.html",
        "search": "buscar/index.html",
        "favourites": "favoritos/index.html",
        "settings": "ajustes/index.html",
        "components": "componentes/index.html",
        "profile": "perfil/index.html",
        "albums": "album/index.html",
        "maps": "mapa/index.html",
        "coordinates": "mapa/coordenadas/index.html",
        "not_found": "404.html",
    },
    "en": {
        "home": "en/index.html",
        "pokemon": "en/pokemon/index.html",
        "pikachu": "en/pokemon/25-pikachu/index.html",
        "pikachu_album": "en/pokemon/25-pikachu/album/index.html",
        "type_electric": "en/pokemon/types/electric/index.html",
        "characters": "en/characters/index.html",
        "characters_page2": "en/characters/page/2/index.html",
        "rick": "en/characters/1-rick-sanchez/index.html",
        "morty": "en/characters/2-morty-smith/index.html",
        "character_map": "en/characters/map/index.html",
        "episodes": "en/episodes/index.html",
        "episode": "en/episodes/1-pilot/index.html",
        "locations": "en/locations/index.html",
        "location": "en/locations/1-earth-c-137/index.html",
        "store": "en/store/index.html",
        "category": "en/store/electronics/index.html",
        "category_album": "en/store/electronics/album/index.html",
        "diary": "en/diary/index.html",
        "diary_entry": "en/diary/2026-01-18-valparaiso/index.html",
        "diary_map": "en/diary/map/index.html",
        "diary_album": "en/diary/album/index.html",
        "docs": "en/docs/index.html",
        "doc": "en/docs/getting-started/index.html",
        "search": "en/search/index.html",
        "favourites": "en/favourites/index.html",
        "settings": "en/settings/index.html",
        "components": "en/components/index.html",
        "profile": "en/profile/index.html",
        "albums": "en/album/index.html",
        "maps": "en/map/index.html",
        "coordinates": "en/map/coordinates/index.html",
    },
}

# Every distinct template, once per language where it exists (the 404 page is shared).
TEMPLATE_SCREENS = [
    "home", "pokemon", "pikachu", "type_electric", "pikachu_album", "characters", "characters_page2", "rick",
    "character_map", "episodes", "episode", "locations", "location", "store", "category", "category_album",
    "product", "diary", "diary_entry", "diary_map", "diary_album", "docs", "doc", "search", "favourites",
    "settings", "components", "profile", "albums", "maps", "coordinates", "not_found",
]
# English pages checked as well (a few: the templates are the same).
ENGLISH_SAMPLE = ["home", "pikachu", "rick", "character_map", "product", "diary_entry", "settings", "components",
                  "coordinates", "search"]


def route(lang: str, screen: str, site: Path | None = None) -> str:
    if screen == "product":
        assert site is not None, "the product route is looked up in the built site"
        return first_product(site, lang)
    return ROUTES[lang][screen]


def first_product(site: Path, lang: str = "es") -> str:
    folder = site / ("tienda/electronics" if lang == "es" else "en/store/electronics")
    products = sorted(p for p in folder.iterdir() if p.is_dir() and p.name != "album" and (p / "index.html").exists())
    assert products, f"no product page under {folder}"
    return str((products[0] / "index.html").relative_to(site))


def sample_pages(site: Path) -> list[str]:
    """Representative pages: every template in Spanish plus a few in English."""
    pages = [route("es", screen, site) for screen in TEMPLATE_SCREENS]
    pages += [route("en", screen, site) for screen in ENGLISH_SAMPLE]
    return pages


def ui_strings(page) -> dict:
    """The i18n strings the page hands to its scripts: its language's strings script (window.VITRINA_STRINGS), or a
    layout's inline #vitrina-strings."""
    given = page.evaluate("() => window.VITRINA_STRINGS || null")
    return given if given is not None else json.loads(page.locator("#vitrina-strings").text_content())


def fmt(template: str, **values) -> str:
    for key, value in values.items():
        template = template.replace("{" + key + "}", str(value))
    return template


def view_box(locator) -> list[float]:
    return [float(n) for n in locator.get_attribute("viewBox").replace(",", " ").split()]


def load_all_images(page) -> None:
    """Make lazy images load now and wait until every <img> has finished (loaded or failed)."""
    page.evaluate("() => document.querySelectorAll('img[loading=lazy]').forEach(i => i.loading = 'eager')")
    page.wait_for_function(
        "() => Array.from(document.images).every(i => i.complete)", timeout=20_000,
    )


def broken_images(page) -> list[str]:
    return page.evaluate(
        "() => Array.from(document.images).filter(i => i.complete && i.naturalWidth === 0)"
        ".map(i => i.getAttribute('src'))"
    )
