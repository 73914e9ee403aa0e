#!/usr/bin/env bash
# How long the shell's word wrap takes on one very long line (a pasted 800 KB line, a program's
# output without newlines), at 80 columns, for lines of growing size: linear work doubles when
# the line does. Built from the shell's own WordWrap.swift as the debug build users run compiles
# it (-Onone) and optimized (-O).
#
#   bench/wrap.sh [kilobytes...]      (default: 200 400 800)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200 400 800)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for mode in -Onone -O; do
    swiftc "$mode" -enable-bare-slash-regex -parse-as-library -module-name WrapBench "$root/bench/WrapBench.swift" \
        "$root/Sources/Shell/Output/WordWrap.swift" -o "$work/wrap-bench$mode"
    echo "== $mode"
    for size in "${sizes[@]}"; do "$work/wrap-bench$mode" "$size"; done
done
