import Foundation
import LessonKit
import Playground
import SourceText

#if canImport(Glibc)
    import Glibc
#endif

/// `seguelab pack check DIR --watch`: checks the pack, then again at each save under its folder,
/// proving again only the steps whose inputs changed (`IncrementalCheck`) and keeping the others'
/// results; its first check reuses what an earlier `pack check` of the pack proved. After each
/// check it draws a compact status: what was proven again, the steps in error with their first
/// diagnostic at `file:line:col`, and the summary line.
package enum PackCheckWatch {
    /// Watches until Ctrl-C; returns the exit status.
    package static func run(
        _ argument: String, language: String?, workflow: PackWorkflow, clearsScreen: Bool,
        reusesResults: Bool = true
    ) async -> Int32 {
        signal(SIGPIPE, SIG_IGN)
        InterruptFlag.install()
        let print = workflow.print
        let root: URL
        do {
            let location = try LoadedPack.locate(argument, context: workflow.context)
            if case .archive = location.source {
                print("seguelab: error: --watch needs the pack's folder, not an archive: \(argument)")
                return 1
            }
            root = location.root
        } catch {
            print(error.lines.joined(separator: "\n"))
            return 1
        }
        var incremental: IncrementalCheck?
        var round = 0
        func check(saved: Set<String>) async -> Bool {
            round += 1
            let started = Date()
            var lines: [String] = []
            let loaded = PackChecker.checkStatically(at: root)
            let staticErrors = loaded.diagnostics.filter { $0.severity == .error }
            var all = loaded.diagnostics
            var pack: Pack?
            if let checked = loaded.pack {
                do {
                    pack = try PackWorkflow.restricted(checked, to: language)
                } catch {
                    print(error.description)
                    return false
                }
            }
            if let pack {
                if incremental == nil {
                    do {
                        incremental = IncrementalCheck(
                            runner: try workflow.runner(for: pack, showsProgress: true).runner,
                            store: workflow.context.checkedPacks.stepResults(for: root, language: language),
                            reuse: reusesResults, learnerView: workflow.learnerView)
                    } catch {
                        print(error.description)
                        return false
                    }
                }
                let report = await incremental!.check(pack)
                all += report.diagnostics
                let programs = "\(report.compiled) compiled, \(report.reusedPrograms) reused"
                // Each step by name when a save changed a few; a count when it changed many.
                let names = report.checked.count <= 6 ? report.checked : []
                lines.append(
                    "re-checked \(PackWorkflow.counted(report.checked.count, "step"))"
                        + (names.isEmpty ? "" : ": " + names.joined(separator: ", "))
                        + " (programs: \(programs)); kept \(report.kept)")
                for failing in report.failing {
                    lines.append("✘ \(failing.step)  \(failing.first.description)")
                }
            } else {
                lines.append("code not run: fix the errors first")
            }
            for error in staticErrors.prefix(20) { lines.append("✘ \(error.description)") }
            if staticErrors.count > 20 { lines.append("… and \(staticErrors.count - 20) more") }
            let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
            let header =
                "── pack check --watch · check \(round)"
                + (saved.isEmpty ? "" : " · saved: " + saved.sorted().joined(separator: ", "))
            // The screen is cleared without a line of its own.
            if clearsScreen { FileHandle.standardOutput.write(Data("\u{1B}[H\u{1B}[2J".utf8)) }
            print(header)
            for line in lines { print(line) }
            print(workflow.summary(pack, all, note: nil) + " in \(seconds) s")
            print("Watching \(root.path) (Ctrl-C to stop)")
            fflush(nil)
            return true
        }
        let watcher: FileWatcher
        do {
            watcher = try FileWatcher(root: root, folders: folders(under: root))
        } catch {
            print("seguelab: error: \(error)")
            return 1
        }
        guard await check(saved: []) else { return 1 }
        while let saved = watcher.waitForSaves() {
            // Editors' swap and backup files are no part of the pack.
            // A temporary file an editor renamed into place is gone by now.
            let relevant = saved.filter { path in
                let name = (path as NSString).lastPathComponent
                return !name.hasPrefix(".") && !name.hasSuffix("~") && !name.hasSuffix(".swp")
                    && FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
            }
            if relevant.isEmpty { continue }
            _ = await check(saved: relevant)
        }
        print("Stopped watching.")
        return 0
    }

    /// The pack's folder and every folder below it (hidden ones left out), relative to it.
    static func folders(under root: URL) -> Set<String> {
        var found: Set<String> = [""]
        guard let entries = FileManager.default.enumerator(atPath: root.path) else { return found }
        for case let relative as String in entries {
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: root.appendingPathComponent(relative).path, isDirectory: &isFolder),
                isFolder.boolValue
            {
                found.insert(relative)
            }
            if found.count > 500 { break }
        }
        return found
    }
}
