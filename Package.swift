// swift-tools-version: 6.2
import PackageDescription

// One job per module. Module graph (each line depends only on lines below it; ImportCheck,
// run by scripts/test, proves every import is a declared dependency):
//   seguelab        the executable: argument declarations, one call per command
//   Shell           libedit line editor, command loop and registry, lesson flows, rendering
//   LessonKit       packs (format, loading, checking, installing), sessions, judging, progress
//   Playground      swiftc + SegueKit in a limited child process: RunRequest -> RunResult
//   SegueTools      storyboard diagrams, identifier enums, the `storyboard` command
//   Workshop        a workshop's events; the learner's durable queue, sender and server launcher
//   SegueKit        UIKit's segue machinery, simulated (public: learner code calls it)
//   SourceText      places, diagnostics, text made safe for generated Swift
//   XDGDirectories  Localization
// A code answer: LessonKit builds a RunRequest, the Playground runs it, LessonKit judges the
// RunResult, the Shell renders the verdict. Checking packs needs no terminal (no libedit).
// The workshop server (WorkshopServer, product seguelab-workshop) sits on Workshop and LessonKit.
// The app's modules speak to each other with `package` access; only SegueKit and LessonKit's
// FuzzingEntry are public (learner code and fuzz/ use them).
let package = Package(
    name: "seguelab",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "seguelab", targets: ["seguelab"]),
        .library(name: "SegueKit", targets: ["SegueKit"]),
        // For the fuzz targets in fuzz/ (a separate package).
        .library(name: "LessonKit", targets: ["LessonKit"]),
        // The workshop server: built only when an instructor first runs `seguelab workshop serve`,
        // so its dependencies never slow a learner's first build.
        .executable(name: "seguelab-workshop", targets: ["seguelab-workshop"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
        .package(url: "https://github.com/onevcat/Rainbow", from: "4.0.0"),
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.0"),
        // Workshop server only (see the product above). No swift-configuration: it is not used.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.0", traits: ["FullFoundation"]),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Already built for Hummingbird: the server's connection limits are NIO channel handlers.
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.80.0"),
        // Workshop server only: the PostgreSQL store (`serve --database postgres://…`). Its NIO is
        // Hummingbird's; it adds swift-crypto and swift-nio-ssl (BoringSSL, twice): about 5 min of
        // CPU in a first build of the server.
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        // The logger postgres-nio's transactions take (already built for Hummingbird).
        .package(url: "https://github.com/apple/swift-log.git", from: "1.5.3")
    ],
    targets: [
        // libedit, from the system (apt: libedit-dev).
        .systemLibrary(
            name: "CLibEdit",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        // Ctrl-C, resize and bracketed paste for the line editor: signal state in one C file.
        .target(name: "CShellSignals", dependencies: ["CLibEdit"]),
        // UIKit's storyboard-segue machinery, simulated. Knows nothing about lessons or terminals.
        .target(name: "SegueKit", exclude: ["README.md"]),
        // The per-run supervisor (fork, subreaper, limits, Landlock): C, because what runs
        // between fork and exec in a multi-threaded host must not allocate.
        .target(name: "CSupervisor"),
        // Places in files and problems at them (`SourceLocation`, `Diagnostic`), and text made safe
        // for generated Swift and for file names: what every layer above reports with.
        .target(name: "SourceText"),
        // Where seguelab keeps its files (XDG base directories), read once for every module.
        .target(name: "XDGDirectories"),
        // The shell's own words by language (en.yaml, fr.yaml), with English as the fallback.
        .target(
            name: "Localization",
            dependencies: [.product(name: "Yams", package: "Yams")],
            resources: [.process("Resources")]
        ),
        // Storyboard diagrams (text, DOT, Mermaid), identifier-enum generation and audit.
        // Also the `storyboard` command's declaration, which lessons' ```seguelab blocks run.
        .target(
            name: "SegueTools",
            dependencies: ["SegueKit", "SourceText", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // Compiles and runs Swift against SegueKit in a limited child process.
        .target(
            name: "Playground",
            dependencies: [
                "SegueKit", "SourceText", "XDGDirectories", "CSupervisor",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax")
            ]
        ),
        // Pack format, validation, session state machine, checks, progress store.
        .target(
            name: "LessonKit",
            dependencies: [
                "Localization", "Playground", "SegueKit", "SegueTools", "SourceText", "XDGDirectories",
                .product(name: "Yams", package: "Yams"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation")
            ],
            // The files `pack new` writes, as an author will edit them.
            resources: [.copy("Resources/StarterPack")]
        ),
        // The line-editing shell: libedit, command loop, rendering.
        .target(
            name: "Shell",
            dependencies: [
                "CLibEdit", "CShellSignals", "LessonKit", "Localization", "Playground", "SegueKit", "SegueTools",
                "SourceText",
                "Workshop", "XDGDirectories",
                .product(name: "Rainbow", package: "Rainbow"),
                // The commands both the command line and the shell have are declared once, here.
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        // A workshop's shared vocabulary (events, join links) and the learner's side: a durable
        // queue sent in the background with Foundation's URLSession (no server dependency).
        // `serve`'s options are declared here once, for the launcher and the server.
        .target(
            name: "Workshop",
            dependencies: ["XDGDirectories", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The workshop server: HTTP (Hummingbird), storage (GRDB/SQLite) and the dashboard page.
        .target(
            name: "WorkshopServer",
            dependencies: [
                "Workshop", "LessonKit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log")
            ],
            resources: [.copy("Dashboard")]
        ),
        .executableTarget(
            name: "seguelab-workshop",
            dependencies: [
                "WorkshopServer", "LessonKit", "Workshop",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird")
            ]
        ),
        // The executable: argument parsing and wiring only.
        .executableTarget(
            name: "seguelab",
            dependencies: [
                "Shell", "LessonKit", "Localization", "Playground", "SegueTools", "SourceText", "Workshop",
                "XDGDirectories",
                .product(name: "ArgumentParser", package: "swift-argument-parser")
            ]
        ),
        .testTarget(
            name: "SegueKitTests",
            dependencies: ["SegueKit", "SegueTools", "SourceText"],
            // Storyboards read from the source tree (located through #filePath).
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "PlaygroundTests", dependencies: ["Playground", "SegueKit", "SourceText", "TestSupport"]),
        // The message files against the code that uses them.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        // Scripted program runs (a stand-in for the Playground) shared by the tests above it.
        .target(name: "TestSupport", dependencies: ["Playground", "SegueKit", "SourceText"], path: "Tests/TestSupport"),
        // Fixtures are sample packs (their .swift files belong to the packs, not the tests).
        .testTarget(
            name: "LessonKitTests",
            dependencies: [
                "LessonKit", "Localization", "Playground", "SegueKit", "SegueTools", "SourceText", "TestSupport",
                "ProgressWriter", .product(name: "ZIPFoundation", package: "ZIPFoundation")
            ],
            exclude: ["Fixtures"]
        ),
        // Reads `swift package dump-package` and names every import a target does not declare
        // (scripts/test runs it: a transitive dependency is not a declaration).
        .executableTarget(name: "ImportCheck", path: "Tests/ImportCheck"),
        // Saves progress in a loop; the durability tests kill it mid-save and run two at once.
        .executableTarget(name: "ProgressWriter", dependencies: ["LessonKit"], path: "Tests/ProgressWriter"),
        // Starts programs in a real pseudo-terminal, for the shell's end-to-end tests.
        .target(name: "CPseudoTerminal", path: "Tests/CPseudoTerminal"),
        // Walkthroughs are scripted learner sessions (read from the source tree, not compiled).
        // Depends on the executable so that `swift test` builds the `seguelab` the tests start.
        .testTarget(
            name: "ShellTests",
            dependencies: [
                "seguelab", "Shell", "LessonKit", "Localization", "Playground", "SegueKit", "SegueTools", "SourceText",
                "TestSupport", "XDGDirectories", "CPseudoTerminal"
            ], exclude: ["Walkthroughs"]),
        // `seguelab` and its subcommands run as the built binary (run, storyboard, pack, lessons, progress).
        .testTarget(name: "CommandLineTests", dependencies: ["seguelab", "LessonKit", "TestSupport"]),
        // A real workshop server and real learners on loopback; the dashboard in Chromium.
        .testTarget(
            name: "WorkshopTests",
            dependencies: [
                "seguelab", "seguelab-workshop", "Workshop", "WorkshopServer", "LessonKit", "TestSupport",
                // The workshop's notices as the shell words them (FrenchWorkshopTests).
                "Shell", "Localization",
                .product(name: "GRDB", package: "GRDB.swift"),
                // An older server's PostgreSQL schema, written as it left it.
                .product(name: "PostgresNIO", package: "postgres-nio")
            ],
            exclude: ["Browser"])
    ]
)
