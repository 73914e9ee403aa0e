#!/usr/bin/env bash
# Start-up and big-pack figures, every one as a ratio measured in this same run:
#   - first prompt on the built-in pack (piped `quit`) and `--help`, against a hello-world
#     Swift binary that imports Foundation, built the same way (debug against debug,
#     release against release); the first prompt both as a learner meets it every day (the
#     pack's files unchanged since the shell last checked them) and as on a first start or
#     after an edit (the pack checked in full);
#   - `seguelab lessons` and `pack check --static-only` on generated packs of 100 and 1,000
#     lessons (lesson 1 of the built-in course copied under new ids), with peak memory.
#
#   bench/packs.sh [path/to/debug/seguelab] [runs]
#
# The debug figures are the build the README's command runs (scripts/seguelab builds debug);
# release figures are printed beside them when .build/release/seguelab exists
# (`swift build -c release --product seguelab`; SEGUELAB_RELEASE names another path).
# Needs python3 (it times each run).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
debug=${1:-$root/.build/debug/seguelab}
runs=${2:-7}
release=${SEGUELAB_RELEASE:-$root/.build/release/seguelab}
work=$(mktemp -d "${TMPDIR:-/tmp}/seguelab-packs.XXXXXX")
trap 'rm -rf "$work"' EXIT

[ -x "$debug" ] || { echo "no seguelab at $debug: run 'swift build' first" >&2; exit 1; }
command -v python3 >/dev/null || { echo "needs python3 (to time runs)" >&2; exit 1; }

# Progress and caches of this run stay in the scratch folder.
export XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
export NO_COLOR=1

# A pack of $2 lessons in $1: the built-in pack's support and storyboards, lesson 1 copied
# under new ids and file names.
generate() {
    local dir=$1 count=$2 source=$root/Lessons/lessons/01-stringly-typed.md
    mkdir -p "$dir/lessons"
    cp -R "$root/Lessons/support" "$root/Lessons/storyboards" "$dir/"
    {
        printf 'id: generated\ntitle: Generated\nversion: 1.0.0\nformat: 1\nlanguages: [en]\ndefault-language: en\n'
        printf 'support:\n'
        for file in "$dir"/support/*.swift; do printf '  - support/%s\n' "$(basename "$file")"; done
        printf 'storyboards:\n  - storyboards\nlessons:\n'
        for i in $(seq -w 1 "$count"); do printf '  - l%s\n' "$i"; done
    } >"$dir/pack.yaml"
    for i in $(seq -w 1 "$count"); do
        sed "s/^id: .*/id: generated-$i/" "$source" >"$dir/lessons/l$i.md"
    done
}

# "wall cpu peak": medians of elapsed seconds, CPU seconds (user + system, to the microsecond)
# and peak RSS (KB) of "$@" over $n runs, stdin from $input. On a shared machine CPU time is
# the steadier figure.
cat >"$work/run1.py" <<'PY'
import os, shutil, sys, time
# FORGET names a folder removed before the run (the shell's record of checked packs).
if os.environ.get("FORGET"): shutil.rmtree(os.environ["FORGET"], ignore_errors=True)
start = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(os.open(sys.argv[1], os.O_RDONLY), 0)
    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1); os.dup2(null, 2)
    os.execv(sys.argv[2], sys.argv[2:])
_, _, usage = os.wait4(pid, 0)
print(f"{time.monotonic() - start:.4f} {usage.ru_utime + usage.ru_stime:.4f} {usage.ru_maxrss}")
PY
input=/dev/null
n=$runs
measure() {
    local walls=() cpus=() peaks=()
    for _ in $(seq "$n"); do
        read -r elapsed cpu peak < <(python3 "$work/run1.py" "$input" "$@")
        walls+=("$elapsed"); cpus+=("$cpu"); peaks+=("$peak")
    done
    median() { printf '%s\n' "$@" | sort -n | sed -n "$(( (n + 1) / 2 ))p"; }
    echo "$(median "${walls[@]}") $(median "${cpus[@]}") $(median "${peaks[@]}")"
}
ratio() { awk "BEGIN { b = $2; if (b < 0.0001) b = 0.0001; printf \"%.1f\", $1 / b }"; }
# "met" when $1 <= $2, else "NOT met".
verdict() { awk "BEGIN { print ($1 <= $2) ? \"met\" : \"NOT met\" }"; }
mb() { awk "BEGIN { printf \"%.1f\", $1 / 1024 }"; }

echo "== building hello world (Foundation) debug and release"
printf 'import Foundation\nprint("hello, \\(ProcessInfo.processInfo.processIdentifier > 0)")\n' >"$work/hello.swift"
(cd "$work" && swiftc -Onone -g hello.swift -o hello-debug && swiftc -O hello.swift -o hello-release)

echo "== generating packs of 100 and 1000 lessons"
generate "$work/p100" 100
generate "$work/p1000" 1000

builds=(debug)
[ -x "$release" ] && builds+=(release)

echo
big=$(( runs / 2 > 3 ? runs / 2 : 3 ))
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg); medians of $runs runs (start-up) and $big runs (packs)"
for build in "${builds[@]}"; do
    bin=$debug; [ "$build" = release ] && bin=$release
    echo
    echo "-- $build build: $bin"
    read -r hello hello_cpu _ < <(input=/dev/null measure "$work/hello-$build")
    printf 'quit\n' >"$work/quit"
    read -r prompt prompt_cpu _ < <(input=$work/quit measure "$bin")
    read -r cold cold_cpu _ < <(FORGET=$XDG_CACHE_HOME/seguelab/checked-packs input=$work/quit measure "$bin")
    read -r help help_cpu _ < <(input=/dev/null measure "$bin" --help)
    printf '%-40s %8s %8s %8s  %s\n' "" "wall s" "cpu s" "peak MB" "ratio (wall; cpu)"
    printf '%-40s %8s %8s\n' "hello world (imports Foundation)" "$hello" "$hello_cpu"
    printf '%-40s %8s %8s %8s  %s× ; %s× hello (target ≤ 10×: wall %s, cpu %s)\n' "first prompt, built-in pack (quit)" "$prompt" "$prompt_cpu" "" \
        "$(ratio "$prompt" "$hello")" "$(ratio "$prompt_cpu" "$hello_cpu")" \
        "$(verdict "$(ratio "$prompt" "$hello")" 10)" "$(verdict "$(ratio "$prompt_cpu" "$hello_cpu")" 10)"
    printf '%-40s %8s %8s %8s  %s× ; %s× hello\n' "first prompt, pack checked in full" "$cold" "$cold_cpu" "" \
        "$(ratio "$cold" "$hello")" "$(ratio "$cold_cpu" "$hello_cpu")"
    printf '%-40s %8s %8s %8s  %s× ; %s× hello\n' "--help" "$help" "$help_cpu" "" "$(ratio "$help" "$hello")" "$(ratio "$help_cpu" "$hello_cpu")"
    n=$big
    for command in lessons check; do
        args=(lessons --pack); label="lessons"; limit=0.5; memory=60
        [ "$command" = check ] && { args=(pack check --static-only); label="pack check --static-only"; limit=5; memory=; }
        read -r w100 c100 m100 < <(measure "$bin" "${args[@]}" "$work/p100")
        read -r w1000 c1000 m1000 < <(measure "$bin" "${args[@]}" "$work/p1000")
        printf '%-40s %8s %8s %8s\n' "$label, 100 lessons" "$w100" "$c100" "$(mb "$m100")"
        target="≤ $limit s: wall $(verdict "$w1000" "$limit"), cpu $(verdict "$c1000" "$limit")"
        [ -n "$memory" ] && target+="; ≤ $memory MB: $(verdict "$(mb "$m1000")" "$memory")"
        printf '%-40s %8s %8s %8s  1000/100: %s× ; %s× (target ≤ 11×: cpu %s); %s\n' "$label, 1000 lessons" "$w1000" "$c1000" "$(mb "$m1000")" \
            "$(ratio "$w1000" "$w100")" "$(ratio "$c1000" "$c100")" "$(verdict "$(ratio "$c1000" "$c100")" 11)" "$target"
    done
    n=$runs
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
