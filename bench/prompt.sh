#!/usr/bin/env bash
# The `swift` prompt as a session grows: 50 entries (a class, then statements, expressions and
# prints that use what came before) through the prompt's engine (`seguelab run --as-session`,
# the SwiftREPL the shell's `swift` prompt uses), each entry's time as `--timings` reports it
# (compile + run of the accepted history and the new entry), with the whole session's CPU time.
#
#   bench/prompt.sh [path/to/seguelab] [sessions]
#
# Prints the median entry over entries 2-10 and over 41-50 (is it flat?), and the median over
# all, per session and over all sessions. The first entry also builds SegueKit into a scratch
# cache; that build is left out (a warm-up session runs first).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
seguelab=${1:-$root/.build/debug/seguelab}
sessions=${2:-3}
work=$(mktemp -d "${TMPDIR:-/tmp}/seguelab-prompt.XXXXXX")
trap 'rm -rf "$work"' EXIT
[ -x "$seguelab" ] || { echo "no seguelab at $seguelab: run 'swift build' first" >&2; exit 1; }
export XDG_CACHE_HOME=$work/cache XDG_STATE_HOME=$work/state XDG_DATA_HOME=$work/data XDG_CONFIG_HOME=$work/config
export NO_COLOR=1

{
    printf 'import UIKit\n\nfinal class Counter: UIViewController {\n    var count = 0\n}\n\nlet counter = Counter()\n'
    for i in $(seq 1 47); do
        case $((i % 3)) in
            0) printf '\ncounter.count += %d\n' "$i" ;;
            1) printf '\nlet value%d = counter.count * %d\n' "$i" "$i" ;;
            2) printf '\nprint("entry %d", counter.count, value%d)\n' "$i" "$((i - 1))" ;;
        esac
    done
} >"$work/Session.swift"

echo "$(date -u '+%Y-%m-%d %H:%M UTC'), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores, $(swift --version 2>&1 | grep -o 'Swift version [0-9.]*')"
echo "seguelab: $seguelab; load before: $(cut -d' ' -f1-3 /proc/loadavg)"
"$seguelab" run --as-session --no-trace "$work/Session.swift" >/dev/null 2>&1 || true   # warm the SegueKit cache

for s in $(seq "$sessions"); do
    /usr/bin/time -f '%U %S' -o "$work/cpu.$s" "$seguelab" run --as-session --timings --no-trace "$work/Session.swift" \
        >"$work/out.$s" 2>"$work/err.$s"
    grep '^time:' "$work/err.$s" | sed 's/.*total \([0-9.]*\) s/\1/' >"$work/entries.$s"
done

python3 - "$work" "$sessions" <<'PY'
import statistics, sys
work, sessions = sys.argv[1], int(sys.argv[2])
every, early, late = [], [], []
for s in range(1, sessions + 1):
    entries = [float(x) for x in open(f"{work}/entries.{s}").read().split()]
    user, system = (float(x) for x in open(f"{work}/cpu.{s}").read().split())
    every += entries; early += entries[1:10]; late += entries[40:50]
    print(f"session {s}: {len(entries)} entries; median entry {statistics.median(entries)*1000:.0f} ms; "
          f"entries 2-10 {statistics.median(entries[1:10])*1000:.0f} ms, 41-50 {statistics.median(entries[40:50])*1000:.0f} ms; "
          f"CPU {(user + system) / len(entries) * 1000:.0f} ms per entry")
m = statistics.median(every)
print(f"all sessions: median entry {m*1000:.0f} ms (target <= 300 ms: {'met' if m <= 0.3 else 'NOT met'}); "
      f"entries 41-50 / 2-10: {statistics.median(late) / statistics.median(early):.2f}x (flat: about 1)")
PY
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
