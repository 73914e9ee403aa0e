import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process-wide state: the trace file, the exit hook, and the module names used to find
/// storyboard classes.
@MainActor
enum SegueRuntime {
    private static var didBootstrap = false
    private static var knownModules: [String] = []
    static weak var lastActive: UIViewController?

    /// Runs once, on the first use of SegueKit: opens `SEGUEKIT_TRACE_FILE` and arranges, at
    /// exit, the last turns of the main run loop and then the final snapshot (exit hooks run in
    /// the reverse order of their registration).
    static func bootstrap() {
        guard !didBootstrap else { return }
        didBootstrap = true
        if let path = ProcessInfo.processInfo.environment["SEGUEKIT_TRACE_FILE"], !path.isEmpty {
            SegueTrace.openSink(path: path)
        }
        atexit(writeFinalSnapshotAtExit)
        atexit(runMainLoopAtExit)
    }

    static func noteActive(_ controller: UIViewController) {
        lastActive = controller
    }

    static func noteModule(of type: Any.Type) {
        let name = String(reflecting: type)
        guard let dot = name.firstIndex(of: ".") else { return }
        noteModule(named: String(name[..<dot]))
    }

    static func noteModule(named module: String) {
        guard module != "SegueKit", !module.hasPrefix("("), !knownModules.contains(module) else { return }
        knownModules.append(module)
    }

    /// Modules tried for a storyboard `customClass`: `SEGUEKIT_MODULES` (colon-separated),
    /// modules seen so far (controllers created, actions registered, `customModule`s), the
    /// executable's name and `main` (swiftc's default module name).
    static var moduleCandidates: [String] {
        var modules = (ProcessInfo.processInfo.environment["SEGUEKIT_MODULES"] ?? "")
            .split(separator: ":").map(String.init)
        modules += knownModules
        modules += [ProcessInfo.processInfo.processName, "main"]
        var seen = Set<String>()
        return modules.filter { seen.insert($0).inserted }
    }
}

/// The exit hook: the final snapshot belongs to the main thread's state, so other threads
/// calling `exit` skip it.
private func writeFinalSnapshotAtExit() {
    guard Thread.isMainThread else { return }
    MainActor.assumeIsolated { SegueTrace.finishAtExit() }
}
