#!/usr/bin/env bash
# Builds one libFuzzer target and runs it for a bounded time on a seed corpus.
#
#   fuzz/run.sh lesson 600        # the lesson/manifest parser, 10 minutes
#   fuzz/run.sh storyboard 600    # the storyboard loader, 10 minutes
#
# The targets live in fuzz/ (a package of their own), so the main build never sees them.
# Seeds: the built-in course's lessons and manifest, the sample pack, the malformed corpus,
# the storyboards of the course and of the tests. New interesting inputs accumulate in
# fuzz/corpus/TARGET (not committed); crashes are written to fuzz/artifacts/TARGET/.
set -euo pipefail

target=${1:?usage: fuzz/run.sh lesson|storyboard SECONDS}
seconds=${2:?usage: fuzz/run.sh lesson|storyboard SECONDS}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")

case "$target" in
    lesson)
        product=FuzzLesson
        seeds=("$repo"/Lessons/pack.yaml "$repo"/Lessons/lessons "$repo"/Tests/LessonKitTests/Fixtures) ;;
    storyboard)
        product=FuzzStoryboard
        seeds=("$repo"/Lessons/storyboards "$repo"/Tests/SegueKitTests/Fixtures "$repo"/Tests/LessonKitTests/Fixtures/sample-pack/storyboards) ;;
    *) echo "unknown target '$target' (lesson or storyboard)" >&2; exit 2 ;;
esac

# Release with coverage instrumentation; -sanitize=fuzzer links libFuzzer. SwiftPM aliases an
# executable's `main` to `<Target>_main`, so each target defines that (with -parse-as-library,
# no top-level code) and hands control to LLVMFuzzerRunDriver; see fuzz/Sources/*/Entry.swift.
# SwiftPM reuses its build plan and would miss source files added to the main package since
# the last fuzz build; planning afresh costs a second.
rm -f "$here/.build/release.yaml"
swift build --package-path "$here" --scratch-path "$here/.build" -c release \
    -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library --product "$product"
binary="$here/.build/release/$product"

corpus="$here/corpus/$target"
artifacts="$here/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
seed_dir=$(mktemp -d)
trap 'rm -rf "$seed_dir"' EXIT
# libFuzzer reads seed directories one level deep: flatten every seed file into one folder.
n=0
while IFS= read -r -d '' file; do
    n=$((n + 1)); cp "$file" "$seed_dir/seed-$n-$(basename "$file")"
done < <(find "${seeds[@]}" -type f \( -name '*.md' -o -name '*.yaml' -o -name '*.storyboard' -o -name '*.txt' \) -size -1000k -print0)
[ -d "$here/regressions/$target" ] && cp "$here/regressions/$target"/* "$seed_dir"/ 2>/dev/null || true

# Swift's own backtracer would catch a crash before libFuzzer can save the input.
export SWIFT_BACKTRACE=enable=no
# -timeout: an input taking over 10 s is a hang; -rss_limit_mb guards against blowups;
# -max_len 65536 lets slow (quadratic) behaviour on long inputs show up.
"$binary" "$corpus" "$seed_dir" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
    -artifact_prefix="$artifacts/" -print_final_stats=1
