"""The profile: edit, save, reload shows the new values; reset restores the built ones."""
from playwright.sync_api import expect

from sitepages import route


def test_edit_save_reload_and_reset(page, site_url):
    page.goto(site_url(route("es", "profile")))
    name = page.locator("#profile-name")
    original = name.text_content().strip()
    city = page.locator('#profile-details [data-field="city"] dd')
    original_city = city.text_content().strip()
    form = page.locator("#profile-form")
    expect(form).to_be_hidden()

    page.locator("#profile-edit").click()
    expect(form).to_be_visible()
    form.locator('[name="name"]').fill("Ana Prueba")
    form.locator('[name="city"]').fill("Sevilla")
    page.locator("#profile-save").click()
    expect(form).to_be_hidden()
    expect(name).to_have_text("Ana Prueba")
    expect(city).to_have_text("Sevilla")

    page.reload()
    expect(page.locator("#profile-name")).to_have_text("Ana Prueba")
    expect(page.locator('#profile-details [data-field="city"] dd')).to_have_text("Sevilla")

    # Cancel leaves the saved values alone.
    page.locator("#profile-edit").click()
    form.locator('[name="name"]').fill("Otra")
    page.locator("#profile-cancel").click()
    expect(form).to_be_hidden()
    expect(page.locator("#profile-name")).to_have_text("Ana Prueba")

    page.locator("#profile-edit").click()
    page.locator("#profile-reset").click()
    expect(page.locator("#profile-name")).to_have_text(original)
    expect(page.locator('#profile-details [data-field="city"] dd')).to_have_text(original_city)
    page.reload()
    expect(page.locator("#profile-name")).to_have_text(original)
    expect(page.locator('#profile-details [data-field="city"] dd')).to_have_text(original_city)
