import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// File access as an ordinary user, for tests of what file modes keep from the learner: root
/// reads, writes and removes any file whatever its mode. `run` switches one dedicated thread's
/// file-system user to `nobody` (setfsuid, which is per thread and clears the file capabilities
/// of root's effective set), so the rest of the test process keeps its rights.
package enum Unprivileged {
    /// The user whose file rights the body gets when the tests run as root.
    package static let user: uid_t = 65534
    package static let group: gid_t = 65534

    private typealias SetFileSystemID = @convention(c) (UInt32) -> Int32

    private static func function(_ name: String) -> SetFileSystemID? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: SetFileSystemID.self)
    }

    /// Whether `run` can take root's file rights away here (it is root, and setfsuid exists).
    package static var available: Bool {
        getuid() == 0 && function("setfsuid") != nil && function("setfsgid") != nil
    }

    /// Hands `paths` (and what is beneath them, not following links) to the ordinary user, so
    /// it may use them as a learner uses their own files.
    package static func give(_ paths: [String]) {
        for path in paths {
            lchown(path, user, group)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR,
                let entries = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { continue }
            give(entries.map { path + "/" + $0 })
        }
    }

    /// Runs `body` on a thread of its own whose file accesses are checked as the ordinary user's
    /// (as root), or as this process's own (as anyone else), and waits for it.
    package static func run<Result>(_ body: @escaping @Sendable () throws -> Result) throws -> Result {
        nonisolated(unsafe) var outcome: Swift.Result<Result, Error>?
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            let switched = getuid() == 0
            if switched, let setfsgid = function("setfsgid"), let setfsuid = function("setfsuid") {
                _ = setfsgid(group)
                _ = setfsuid(user)
            }
            outcome = Swift.Result { try body() }
            if switched, let setfsgid = function("setfsgid"), let setfsuid = function("setfsuid") {
                _ = setfsuid(0)
                _ = setfsgid(0)
            }
            done.signal()
        }
        thread.stackSize = 8 << 20
        thread.start()
        done.wait()
        return try outcome!.get()
    }
}
