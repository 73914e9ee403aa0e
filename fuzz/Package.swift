// swift-tools-version: 6.2
// libFuzzer targets for the pack parser and the storyboard loader. Not part of the main
// package, so `swift build` and `swift test` never build them; fuzz/run.sh does.
import PackageDescription

let package = Package(
    name: "seguelab-fuzz",
    dependencies: [.package(name: "seguelab", path: "..")],
    targets: [
        .executableTarget(
            name: "FuzzLesson",
            dependencies: [.product(name: "LessonKit", package: "seguelab")]
        ),
        .executableTarget(
            name: "FuzzStoryboard",
            dependencies: [.product(name: "SegueKit", package: "seguelab")]
        ),
        // Not a fuzz target: parses storyboards in a loop and prints memory use, to tell a
        // leak per parse from libFuzzer's own growth. Built without -sanitize=fuzzer:
        //   swift build --package-path fuzz -c release --product StoryboardMemory
        .executableTarget(
            name: "StoryboardMemory",
            dependencies: ["CHeapUsage", .product(name: "SegueKit", package: "seguelab")]
        ),
        // glibc's malloc statistics, which the Glibc module does not export.
        .target(name: "CHeapUsage")
    ]
)
