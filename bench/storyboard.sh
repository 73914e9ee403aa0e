#!/usr/bin/env bash
# Speed, linearity and peak memory of `seguelab storyboard` on storyboards of three sizes,
# every output, in the debug build users run (scripts/seguelab builds debug) and optimized
# beside it.
#
#   bench/storyboard.sh [path/to/debug/seguelab] [runs] [copies...]
#
# The storyboards are written by scripts/make-large-storyboard.swift with its five sections
# repeated `copies` times (default 1 3 13: 219 KB, 0.66 MB and 2.8 MB; 1 is the Large.storyboard
# fixture). Each figure is the median of `runs` runs (default 3): CPU time (user + system, which
# load on a shared machine inflates far less than elapsed time), the speed it gives in MB/s
# (10^6 bytes) and peak RSS. Then, per output, how CPU time grows against size from each
# smaller storyboard to the largest (start-up does not grow, so the time ratio of linear work
# stays below the size ratio), and the speed of the extra work between consecutive sizes, which
# start-up does not enter: about constant when the work is linear.
#
# The optimized figures come from .build/release/seguelab (or $SEGUELAB_RELEASE) when it exists; otherwise from the
# same storyboard code (SegueKit, then SegueTools + bench/StoryboardBench.swift) compiled here
# with `swiftc -O`, which avoids building swift-syntax optimized just to measure this.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
debug=${1:-$root/.build/debug/seguelab}
runs=${2:-3}
shift $(( $# < 2 ? $# : 2 ))
copies=("$@")
[ ${#copies[@]} -gt 0 ] || copies=(1 3 13)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

[ -x "$debug" ] || { echo "no seguelab at $debug: run 'swift build' first" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs GNU time at /usr/bin/time (apt-get install time)" >&2; exit 1; }

for n in "${copies[@]}"; do
    swift "$root/scripts/make-large-storyboard.swift" "$n" >"$work/Large$n.storyboard"
    # Source for the audit: the generated enums (correct code).
    "$debug" storyboard "$work/Large$n.storyboard" --enums >"$work/Enums$n.swift"
done

optimized=${SEGUELAB_RELEASE:-$root/.build/release/seguelab}
release=yes
if [ ! -x "$optimized" ]; then
    release=no
    optimized=$work/storyboard-bench
    mapfile -t kit < <(find "$root/Sources/SegueKit" -name '*.swift' | sort)
    mapfile -t tools < <(find "$root/Sources/SegueTools" -name '*.swift' | sort)
    (cd "$work" && swiftc -O -parse-as-library -swift-version 6 -module-name SegueKit -emit-library -emit-module \
        -o libSegueKit.so "${kit[@]}" \
     && swiftc -O -parse-as-library -swift-version 6 -module-name StoryboardBench -I . -L . -lSegueKit \
        -Xlinker -rpath -Xlinker "$work" -o storyboard-bench "${tools[@]}" "$root/bench/StoryboardBench.swift")
fi

# "CPU-seconds peak-KB": medians over $runs runs of "$@". CPU time comes from bash's `times`
# (milliseconds; GNU time rounds it to 10 ms), peak RSS from GNU time.
measure() {
    local cpus=() peaks=()
    for _ in $(seq "$runs"); do
        cpus+=("$( (/usr/bin/time -f '%M' -o "$work/time" "$@" >/dev/null; times) | awk 'NR == 2 {
            split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%.3f", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')")
        peaks+=("$(cat "$work/time")")
    done
    local middle=$(( (runs + 1) / 2 ))
    echo "$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n "${middle}p") $(printf '%s\n' "${peaks[@]}" | sort -n | sed -n "${middle}p")"
}

# "  1.23 s  2.3 MB/s  45.6 MB" for a file of $1 bytes.
show() {
    awk -v bytes="$1" -v cpu="$2" -v peak="$3" 'BEGIN {
        speed = cpu > 0 ? sprintf("%.1f", bytes / 1e6 / cpu) : "-"
        printf "%6.3f s %6s MB/s %6.1f MB", cpu, speed, peak / 1024 }'
}

echo "$runs runs each, medians of CPU time (user + system); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
optimizedLabel="optimized (bench/StoryboardBench.swift, swiftc -O)"
[ "$release" = yes ] && optimizedLabel="release ($optimized)"
printf '%-8s %9s   %-34s %s\n' output size "debug (seguelab)" "$optimizedLabel"
declare -A cpu
for output in text dot mermaid enums check; do
    for n in "${copies[@]}"; do
        file=$work/Large$n.storyboard
        case $output in
            enums) args=(--enums) ;;
            check) args=(--check-source "$work/Enums$n.swift") ;;
            *) args=(--format "$output") ;;
        esac
        read -r slow slowPeak < <(measure "$debug" storyboard "$file" "${args[@]}")
        if [ "$release" = yes ]; then
            read -r fast fastPeak < <(measure "$optimized" storyboard "$file" "${args[@]}")
        else
            read -r fast fastPeak < <(measure "$optimized" "$file" "$output" "$work/Enums$n.swift")
        fi
        cpu[$output,$n,debug]=$slow; cpu[$output,$n,fast]=$fast
        bytes=$(wc -c <"$file")
        printf '%-8s %6.2f MB   %-34s %-34s\n' "$output" "$(awk "BEGIN { print $bytes / 1e6 }")" \
            "$(show "$bytes" "$slow" "$slowPeak")" "$(show "$bytes" "$fast" "$fastPeak")"
    done
done

# Each smaller storyboard against the largest.
last=${copies[-1]}
for first in "${copies[@]:0:${#copies[@]}-1}"; do
    ratio=$(awk "BEGIN { printf \"%.1f\", $(wc -c <"$work/Large$last.storyboard") / $(wc -c <"$work/Large$first.storyboard") }")
    echo
    echo "linearity: size ×$ratio from $first to $last copies; CPU time ×:"
    for output in text dot mermaid enums check; do
        printf '%-8s debug ×%-6s optimized ×%s\n' "$output" \
            "$(awk "BEGIN { d = ${cpu[$output,$first,debug]}; printf \"%.1f\", (d > 0 ? ${cpu[$output,$last,debug]} / d : 0) }")" \
            "$(awk "BEGIN { d = ${cpu[$output,$first,fast]}; printf \"%.1f\", (d > 0 ? ${cpu[$output,$last,fast]} / d : 0) }")"
    done
done
# Speed of the extra work between consecutive sizes (start-up cancels out): about the same for
# each pair when the work is linear in size, falling for the larger pair when it grows faster.
echo
echo "marginal speed (MB/s of the extra bytes over the extra CPU time), debug / optimized:"
for output in text dot mermaid enums check; do
    line=$(printf '%-8s' "$output")
    for ((i = 1; i < ${#copies[@]}; i++)); do
        small=${copies[i - 1]}; large=${copies[i]}
        extra=$(( $(wc -c <"$work/Large$large.storyboard") - $(wc -c <"$work/Large$small.storyboard") ))
        line+=$(awk -v bytes="$extra" -v d="${cpu[$output,$large,debug]} - ${cpu[$output,$small,debug]}" \
            -v f="${cpu[$output,$large,fast]} - ${cpu[$output,$small,fast]}" -v from="$small" -v to="$large" 'BEGIN {
            split(d, dd, " - "); split(f, ff, " - "); dt = dd[1] - dd[2]; ft = ff[1] - ff[2]
            printf "   %s→%s copies: %s / %s", from, to, (dt > 0 ? sprintf("%.1f", bytes / 1e6 / dt) : "-"), (ft > 0 ? sprintf("%.1f", bytes / 1e6 / ft) : "-") }')
    done
    echo "$line"
done
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
