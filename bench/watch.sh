#!/usr/bin/env bash
# The author's loop: `pack check --watch` on a 22-step pack (lessons 01 and 03b of the built-in
# course, English only), beside the full `pack check` of the same pack in the same run.
#   - full: `pack check PACK --no-cache` (SegueKit already in the cache, the support code not);
#   - plain check reuse: `pack check PACK` again, unchanged, then after the code edit below (only
#     the edited step is proven again; the others' results come from the first check);
#   - code edit: a save that changes one exercise's solution, until the watch's status is drawn;
#   - prose edit: a save that changes one sentence of a step, until the status is drawn.
#   - reopening: the shell's first prompt on the 8-lesson built-in course after one lesson was
#     edited, against an unchanged start.
# Each edit is timed from the write to the end of the status the watch prints for it (its
# "Watching" line), so the watch's own wait for an editor's last write (0.15 s) is included.
#
#   bench/watch.sh [path/to/seguelab] [edits]
#
# Release figures are printed beside the debug ones when .build/release/seguelab exists
# (SEGUELAB_RELEASE names another path).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
debug=${1:-$root/.build/debug/seguelab}
edits=${2:-3}
release=${SEGUELAB_RELEASE:-$root/.build/release/seguelab}
work=$(mktemp -d "${TMPDIR:-/tmp}/seguelab-watch.XXXXXX")
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
[ -x "$debug" ] || { echo "no seguelab at $debug: run 'swift build' first" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3 (to time runs)" >&2; exit 1; }
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-$work/cache} XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data
export NO_COLOR=1

# The pack: lessons 01 (17 steps) and 03b (5 steps), in English.
make_pack() {
    local pack=$1
    mkdir -p "$pack"
    cp -r "$root/Lessons/support" "$root/Lessons/storyboards" "$pack/"
    # Storyboards whose scenes name classes of the lessons left out (4 to 6): pack check would
    # refuse their customClass names.
    rm "$pack"/storyboards/{BookshopGeneric,BookshopGenericDraft,BookshopInjectionSearch,BookshopReviews}.storyboard
    mkdir -p "$pack/lessons"
    cp "$root/Lessons/lessons/01-stringly-typed.md" "$root/Lessons/lessons/03b-segue-handler-limits.md" "$pack/lessons/"
    python3 - "$root/Lessons/pack.yaml" "$pack/pack.yaml" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
text = re.sub(r"lessons:\n(  - .*\n)+", "lessons:\n  - 01-stringly-typed\n  - 03b-segue-handler-limits\n", text)
text = re.sub(r"titles:\n(  .*\n)+", "", text).replace("languages: [en, fr]", "languages: [en]")
open(sys.argv[2], "w").write(text)
PY
}

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"

measure() {
    local seguelab=$1 label=$2
    local pack=$work/pack-$label
    make_pack "$pack"
    "$seguelab" pack check "$pack" --static-only >/dev/null   # warm the file cache
    printf 'print(1)\n' > "$work/warm.swift"
    "$seguelab" run "$work/warm.swift" >/dev/null 2>&1 || true   # SegueKit built into the cache
    echo "$label: $seguelab; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
    python3 - "$seguelab" "$pack" "$edits" "$label" <<'PY'
import statistics, subprocess, sys, time
seguelab, pack, edits, label = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
lesson = pack + "/lessons/01-stringly-typed.md"

def plain_check(*extra):
    start = time.monotonic()
    done = subprocess.run([seguelab, "pack", "check", pack, *extra], capture_output=True, text=True)
    took = time.monotonic() - start
    summary = [l for l in done.stdout.splitlines() if l.startswith("pack check:")]
    return took, done.stdout, (summary[-1] if summary else done.stdout[-300:])

def code_edit(tag):
    text = open(lesson).read()
    at = text.index("```swift solution\n", text.index("{#fix-prepare-typo}")) + len("```swift solution\n")
    with open(lesson, "w") as f:
        f.write(text[:at] + f"let edited{tag} = 0\n" + text[at:])

full_time, full_report, full_summary = plain_check("--no-cache")
print(f"  full pack check: {full_time:.2f} s ({full_summary})")
again_time, again_report, again_summary = plain_check()
same = "same report" if again_report.splitlines()[:-1] == full_report.splitlines()[:-1] else "REPORT DIFFERS"
print(f"  plain check again, unchanged: {again_time:.2f} s = {again_time / full_time:.3f}x full ({same}; {again_summary})")
code_edit("plain")
edit_time, edit_report, edit_summary = plain_check()
print(f"  plain check after one code edit: {edit_time:.2f} s = {edit_time / full_time:.3f}x full ({edit_summary})")

log = open(pack + ".log", "w+")
watch = subprocess.Popen([seguelab, "pack", "check", pack, "--watch"], stdout=log, stderr=subprocess.STDOUT)

def output():
    with open(pack + ".log") as f:
        return f.read()

def wait_status(count, timeout=600):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        text = output()
        if text.count("\nWatching ") + text.startswith("Watching ") >= count:
            return text
        time.sleep(0.02)
    raise SystemExit("the watch drew no status:\n" + output())

start = time.monotonic()
wait_status(1)
first = time.monotonic() - start
print(f"  watch, first check (results of the plain checks reused): {first:.2f} s")

statuses = 1
code, prose = [], []
for i in range(edits):
    # One exercise's solution gains a statement: its programs are new, the others are kept.
    start = time.monotonic()
    code_edit(i)
    statuses += 1
    text = wait_status(statuses)
    code.append(time.monotonic() - start)
    block = text.split("── pack check --watch")[-1]
    code_line = [l for l in block.splitlines() if l.startswith("re-checked")][0]
    time.sleep(0.5)
    # One sentence of a step's prose.
    start = time.monotonic()
    text = open(lesson).read()
    index = text.index("\n## ", 100)
    end = text.index("\n", index + 4)
    body_start = text.index("\n\n", end) + 2
    with open(lesson, "w") as f:
        f.write(text[:body_start] + f"An added sentence {i}.\n\n" + text[body_start:])
    statuses += 1
    text = wait_status(statuses)
    prose.append(time.monotonic() - start)
    block = text.split("── pack check --watch")[-1]
    prose_line = [l for l in block.splitlines() if l.startswith("re-checked")][0]
    time.sleep(0.5)
    print(f"  edit {i + 1}: code {code[-1]:.2f} s ({code_line}); prose {prose[-1]:.2f} s ({prose_line})")
watch.terminate()
watch.wait()
print(f"  {label} median: full {full_time:.2f} s, code edit {statistics.median(code):.2f} s "
      f"(max {max(code):.2f}) = {statistics.median(code) / full_time:.3f}x full, "
      f"prose edit {statistics.median(prose):.2f} s (max {max(prose):.2f}) = {statistics.median(prose) / full_time:.4f}x full; "
      f"plain check unchanged {again_time:.2f} s, after one code edit {edit_time:.2f} s")
PY
    echo "  load after: $(cut -d' ' -f1-3 /proc/loadavg)"
}

# Reopening an updated pack: the first prompt (piped `quit`) on the whole built-in course
# (8 lessons, English and French), unchanged since the last start, after an edit to one lesson,
# and with nothing remembered (every lesson parsed and checked: the load before an edit was
# per lesson). CPU time (user + system) of the shell, median of the runs.
reopen() {
    local seguelab=$1 label=$2
    local course=$work/course-$label
    cp -r "$root/Lessons" "$course"
    python3 - "$seguelab" "$course" "$edits" "$label" "$work/reopen-cache-$label" <<'PY'
import os, resource, shutil, statistics, subprocess, sys, time
seguelab, course, runs, label, cache = sys.argv[1], sys.argv[2], max(int(sys.argv[3]), 3), sys.argv[4], sys.argv[5]
env = dict(os.environ, XDG_CACHE_HOME=cache)
def start():
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.monotonic()
    done = subprocess.run([seguelab, "--pack", course], input="quit\n", capture_output=True, text=True, env=env)
    wall = time.monotonic() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.returncode == 0, done.stdout + done.stderr
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), wall
lesson = course + "/lessons/05-injection.md"
start()  # the first start checks the pack in full and remembers it
unchanged, updated, forgotten = [], [], []
for i in range(runs):
    unchanged.append(start())
    with open(lesson, "a") as f:
        f.write(f"\nAn added closing sentence {i}.\n")
    updated.append(start())
    shutil.rmtree(cache + "/seguelab/checked-packs", ignore_errors=True)
    forgotten.append(start())
def median(pairs, index):
    return statistics.median(p[index] for p in pairs)
u, e, f = median(unchanged, 0), median(updated, 0), median(forgotten, 0)
print(f"  {label} first prompt, CPU s (wall s): unchanged {u:.3f} ({median(unchanged, 1):.3f}); "
      f"one lesson edited {e:.3f} ({median(updated, 1):.3f}) = {e / u:.1f}x unchanged; "
      f"every lesson parsed {f:.3f} ({median(forgotten, 1):.3f}) = {f / u:.1f}x")
PY
}

measure "$debug" debug
if [ -x "$release" ]; then measure "$release" release; fi
reopen "$debug" debug
if [ -x "$release" ]; then reopen "$release" release; fi
