#!/usr/bin/env bash
# Measures, in one run on one machine, the same program through:
#   floor    swiftc compile + link + run against an already-built SegueKit (the cache's)
#   seguelab `seguelab run` (cache warm)
#   swiftpm  an exercise package depending on SegueKit: edit the file, `swift build`, run
# plus the median time of one `swift` prompt entry (a SwiftREPL, via `seguelab run --as-session`).
# Needs hyperfine. Usage: bench/run.sh [path/to/seguelab]   (default: release build)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/.." && pwd)"
seguelab="${1:-$repo/.build/release/seguelab}"
runs="${RUNS:-10}"
[ -x "$seguelab" ] || { echo "no seguelab at $seguelab (swift build -c release first)" >&2; exit 1; }
command -v hyperfine >/dev/null || { echo "hyperfine is needed" >&2; exit 1; }

work="$(mktemp -d "${TMPDIR:-/tmp}/seguelab-bench.XXXXXX")"
trap 'rm -rf "$work"' EXIT
export XDG_CACHE_HOME="$work/cache"
export SEGUELAB_SEGUEKIT_SOURCES="$repo/Sources/SegueKit"
cp "$here/Example.swift" "$work/Example.swift"

echo "== warming the SegueKit cache"
"$seguelab" run --no-trace "$work/Example.swift" >/dev/null
kit="$(ls -d "$XDG_CACHE_HOME"/seguelab/seguekit/*/)"
kit="${kit%/}"

echo "== preparing the SwiftPM exercise package (builds SegueKit once)"
mkdir -p "$work/kit/Sources" "$work/exercise/Sources/Exercise"
ln -s "$repo/Sources/SegueKit" "$work/kit/Sources/SegueKit"
cat > "$work/kit/Package.swift" <<'SWIFT'
// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "kit", products: [.library(name: "SegueKit", targets: ["SegueKit"])],
                      targets: [.target(name: "SegueKit")])
SWIFT
cat > "$work/exercise/Package.swift" <<'SWIFT'
// swift-tools-version: 6.2
import PackageDescription
let package = Package(name: "exercise", dependencies: [.package(path: "../kit")],
                      targets: [.executableTarget(name: "Exercise", dependencies: [.product(name: "SegueKit", package: "kit")],
                                                  swiftSettings: [.swiftLanguageMode(.v5)])])
SWIFT
# SwiftPM has no UIKit module: the exercise imports SegueKit instead.
sed 's/^import UIKit$/import SegueKit/' "$here/Example.swift" > "$work/exercise/Sources/Exercise/main.swift"
(cd "$work/exercise" && swift build >/dev/null)

cat > "$work/edit.sh" <<'SH'
#!/bin/sh
# A learner's edit: change the file so the build has to recompile it.
echo "// edit $(date +%s%N)" >> "$1"
SH
chmod +x "$work/edit.sh"

floor="swiftc -swift-version 5 -Onone -module-name SegueLabApp -I $kit -L $kit -lUIKit -lSegueKit -Xlinker -rpath -Xlinker $kit -Xlinker --export-dynamic $work/Example.swift -o $work/floor && $work/floor"
echo "== timing"
hyperfine --warmup 2 --runs "$runs" --export-json "$work/main.json" \
  -n floor "$floor" \
  -n seguelab "$seguelab run $work/Example.swift" \
  -n seguelab-no-trace "$seguelab run --no-trace $work/Example.swift"
hyperfine --warmup 1 --runs "$((runs / 2 > 3 ? runs / 2 : 3))" --export-json "$work/swiftpm.json" \
  --prepare "$work/edit.sh $work/exercise/Sources/Exercise/main.swift" \
  -n swiftpm "cd $work/exercise && swift build >/dev/null && .build/debug/Exercise"

echo "== SwiftPM cold: a fresh exercise package's first build (SegueKit included), once"
rm -rf "$work/exercise/.build"
/usr/bin/time -f "%e" -o "$work/cold.txt" sh -c "cd $work/exercise && swift build >/dev/null && .build/debug/Exercise >/dev/null"

echo "== swift prompt entries"
/usr/bin/time -f "%e %U %S" -o "$work/session.time" \
  "$seguelab" run --as-session --timings --no-trace "$here/Session.swift" > "$work/session.out" 2> "$work/session.err"
grep '^time:' "$work/session.err" | sed 's/.*total \([0-9.]*\) s/\1/' > "$work/entries.txt"

python3 - "$work" <<'PY'
import json, statistics, sys, platform, datetime, subprocess, os
work = sys.argv[1]
main = {r["command"]: r for r in json.load(open(f"{work}/main.json"))["results"]}
spm = json.load(open(f"{work}/swiftpm.json"))["results"][0]
entries = [float(x) for x in open(f"{work}/entries.txt").read().split()]
floor, run, notrace = (main[n]["median"] for n in ("floor", "seguelab", "seguelab-no-trace"))
cpu = {n: main[n]["user"] + main[n]["system"] for n in main}
cold = float(open(f"{work}/cold.txt").read().split()[0])
wall, user, system = (float(x) for x in open(f"{work}/session.time").read().split())
swift = subprocess.run(["swiftc", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
cpu_model = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.machine())
load = open("/proc/loadavg").read().split()[0]
print()
print(f"date: {datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; machine: {cpu_model}, {os.cpu_count()} cores, load average {load}; {swift}")
print(f"{'':30} {'wall median':>12} {'cpu mean':>10}")
print(f"{'floor (swiftc + run)':30} {floor*1000:9.0f} ms {cpu['floor']*1000:7.0f} ms")
print(f"{'seguelab run':30} {run*1000:9.0f} ms {cpu['seguelab']*1000:7.0f} ms   {run/floor:.2f}x floor wall, {cpu['seguelab']/cpu['floor']:.2f}x cpu (target <= 1.3x)")
print(f"{'seguelab run --no-trace':30} {notrace*1000:9.0f} ms {cpu['seguelab-no-trace']*1000:7.0f} ms   {notrace/floor:.2f}x floor wall")
print(f"{'SwiftPM edit+build+run':30} {spm['median']*1000:9.0f} ms {(spm['user']+spm['system'])*1000:7.0f} ms   {spm['median']/run:.1f}x seguelab run (target >= 10x)")
print(f"{'SwiftPM fresh package, 1 run':30} {cold*1000:9.0f} ms {'':10}   {cold/run:.1f}x seguelab run")
print(f"{'swift prompt entry':30} {statistics.median(entries)*1000:9.0f} ms {(user+system)/len(entries)*1000:7.0f} ms   median over {len(entries)} entries; cpu = whole session / entries (target <= 400 ms)")
PY
