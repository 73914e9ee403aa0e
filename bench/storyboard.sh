#!/usr/bin/env bash
# Time and peak memory of `seguelab storyboard` on the largest fixture, every output, in the
# debug build users run (scripts/seguelab builds debug) and optimized beside it.
#
#   bench/storyboard.sh [path/to/debug/seguelab] [runs]
#
# The optimized figures come from .build/release/seguelab when it exists; otherwise from the
# same storyboard code (SegueKit, then SegueTools + bench/StoryboardBench.swift) compiled here
# with `swiftc -O`, which avoids building swift-syntax optimized just to measure this.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
debug=${1:-$root/.build/debug/seguelab}
runs=${2:-5}
file=$root/Tests/SegueKitTests/Fixtures/Large.storyboard
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -x "$debug" ] || { echo "no seguelab at $debug: run 'swift build' first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }

# Source for the audit: the generated enums (correct code).
"$debug" storyboard "$file" --enums >"$work/Enums.swift"

optimized=$root/.build/release/seguelab
if [ ! -x "$optimized" ]; then
    optimized=$work/storyboard-bench
    mapfile -t kit < <(find "$root/Sources/SegueKit" -name '*.swift' | sort)
    mapfile -t tools < <(find "$root/Sources/SegueTools" -name '*.swift' | sort)
    (cd "$work" && swiftc -O -parse-as-library -swift-version 6 -module-name SegueKit -emit-library -emit-module \
        -o libSegueKit.so "${kit[@]}" \
     && swiftc -O -parse-as-library -swift-version 6 -module-name StoryboardBench -I . -L . -lSegueKit \
        -Xlinker -rpath -Xlinker "$work" -o storyboard-bench "${tools[@]}" "$root/bench/StoryboardBench.swift")
fi

# Median of elapsed seconds and of peak RSS (KB) over $runs runs of "$@".
measure() {
    local times=() peaks=()
    for _ in $(seq "$runs"); do
        /usr/bin/time -f '%e %M' -o "$work/time" "$@" >/dev/null
        read -r elapsed peak <"$work/time"
        times+=("$elapsed"); peaks+=("$peak")
    done
    local t m
    t=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    m=$(printf '%s\n' "${peaks[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
    printf '%8s s  %7s MB' "$t" "$(awk "BEGIN { printf \"%.1f\", $m / 1024 }")"
}

echo "file: $(wc -l <"$file") lines, $(wc -c <"$file") bytes; $runs runs each, medians; load: $(cut -d' ' -f1-3 /proc/loadavg)"
printf '%-14s %-22s %-22s\n' output "debug (seguelab)" "optimized"
for output in text dot mermaid enums check; do
    case $output in
        enums) args=(--enums) ;;
        check) args=(--check-source "$work/Enums.swift") ;;
        *) args=(--format "$output") ;;
    esac
    if [ "$optimized" = "$root/.build/release/seguelab" ]; then
        fast=$(measure "$optimized" storyboard "$file" "${args[@]}")
    else
        fast=$(measure "$optimized" "$file" "$output" "$work/Enums.swift")
    fi
    printf '%-14s %-22s %-22s\n' "$output" "$(measure "$debug" storyboard "$file" "${args[@]}")" "$fast"
done
