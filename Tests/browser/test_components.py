"""The components page: switch, segmented control, dialog and rich-text link."""
import re

from playwright.sync_api import expect

from sitepages import route, ui_strings


def test_switch_toggles_read_only(page, site_url):
    page.goto(site_url(route("es", "components")))
    field = page.locator("#component-text")
    switch = page.get_by_role("switch", name="Editable")
    expect(field).not_to_be_editable()
    switch.check()
    expect(field).to_be_editable()
    field.fill("Morty")
    expect(field).to_have_value("Morty")
    switch.uncheck()
    expect(field).not_to_be_editable()


def test_segmented_control_switches_the_field_type(page, site_url):
    page.goto(site_url(route("es", "components")))
    strings = ui_strings(page)
    field = page.locator("#component-text")
    expect(field).to_have_attribute("type", "text")
    # A person clicks the visible segment (the radio itself is drawn under it).
    page.locator("#component-mode").get_by_text(strings["component_age"], exact=True).click()
    expect(page.locator("#component-mode").get_by_label(strings["component_age"])).to_be_checked()
    expect(field).to_have_attribute("type", "number")
    expect(field).to_have_attribute("inputmode", "numeric")
    expect(page.locator("label[for=component-text]")).to_have_text(strings["component_age"])
    page.locator("#component-mode").get_by_text(strings["component_name"], exact=True).click()
    expect(field).to_have_attribute("type", "text")
    expect(page.locator("label[for=component-text]")).to_have_text(strings["component_name"])


def test_dialog_traps_focus_and_returns_it(page, site_url):
    page.goto(site_url(route("es", "components")))
    opener = page.locator("#component-open-dialog")
    dialog = page.locator("#component-dialog")
    expect(dialog).to_be_hidden()
    opener.click()
    expect(dialog).to_be_visible()
    assert dialog.evaluate("d => d.open")
    inside = "() => document.getElementById('component-dialog').contains(document.activeElement)"
    assert page.evaluate(inside), "focus moves into the dialog"
    for _ in range(4):
        page.keyboard.press("Tab")
        assert page.evaluate(inside), "Tab stays inside the dialog"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(inside), "Shift+Tab stays inside the dialog"
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()

    opener.click()
    page.locator("#component-dialog-close").click()
    expect(dialog).to_be_hidden()
    expect(opener).to_be_focused()


def test_rich_text_link_goes_to_the_docs(page, site_url):
    page.goto(site_url(route("es", "components")))
    page.get_by_role("link", name="Click aquí").click()
    page.wait_for_url(re.compile(re.escape(route("es", "docs")) + "$"))
    expect(page.locator("html")).to_have_attribute("data-page", re.compile("doc"))
