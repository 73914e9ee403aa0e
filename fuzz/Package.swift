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
    ]
)
