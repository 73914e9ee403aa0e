import Foundation
import XDGDirectories

/// Where the pack to teach from is, and how it was found.
///
/// `--pack` names a folder, an archive (extracted once into the cache, keyed by its content) or
/// the id of an installed pack. Without it the built-in pack is used: `$SEGUELAB_LESSONS`, else
/// `<executable dir>/../share/seguelab/Lessons` (installed layout), else the checkout's `Lessons/`.
package struct PackLocation: Sendable, Hashable {
    package enum Source: Sendable, Hashable {
        case folder
        /// Extracted from this archive.
        case archive(URL)
        /// Installed with `seguelab pack install`, under this id.
        case installed(String)
        /// The built-in pack, from `$SEGUELAB_LESSONS`.
        case environment
        /// The built-in pack, installed next to the executable.
        case installedLayout
        /// The built-in pack, from the source checkout.
        case checkout
    }

    /// The pack folder (the one holding `pack.yaml`).
    package var root: URL
    package var source: Source

    package init(root: URL, source: Source) {
        self.root = root
        self.source = source
    }

    package struct Failure: Error, CustomStringConvertible, Sendable, Equatable {
        package var description: String
        package init(_ description: String) { self.description = description }
    }

    /// Where things live, from the environment (XDG) and the running executable.
    package struct Context: Sendable {
        package var environment: [String: String]
        package var executable: URL?
        /// The checkout's `Lessons/` (derived from this file's path at build time).
        package var checkoutLessons: URL

        package init(
            environment: [String: String] = ProcessInfo.processInfo.environment,
            executable: URL? = PackLocation.runningExecutable,
            checkoutLessons: URL = PackLocation.checkoutLessons
        ) {
            self.environment = environment
            self.executable = executable
            self.checkoutLessons = checkoutLessons
        }

        /// `$XDG_DATA_HOME/seguelab/packs` (default `~/.local/share/seguelab/packs`).
        package var installedPacks: URL {
            URL(fileURLWithPath: XDGDirectories(environment: environment).seguelabData, isDirectory: true)
                .appendingPathComponent("packs", isDirectory: true)
        }

        /// `$XDG_CACHE_HOME/seguelab/packs` (default `~/.cache/seguelab/packs`): extracted archives.
        package var extractedArchives: URL {
            URL(fileURLWithPath: XDGDirectories(environment: environment).seguelabCache, isDirectory: true)
                .appendingPathComponent("packs", isDirectory: true)
        }

        /// `$XDG_CACHE_HOME/seguelab/checked-packs`: packs that loaded without an error.
        package var checkedPacks: CheckedPacks {
            CheckedPacks(
                directory: URL(
                    fileURLWithPath: XDGDirectories(environment: environment).seguelabCache, isDirectory: true
                )
                .appendingPathComponent("checked-packs", isDirectory: true))
        }
    }

    package static var runningExecutable: URL? {
        let path = Bundle.main.executablePath ?? CommandLine.arguments.first ?? ""
        return path.isEmpty ? nil : URL(fileURLWithPath: path).resolvingSymlinksInPath()
    }

    package static let checkoutLessons = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Lessons", isDirectory: true)

    /// Resolves `--pack` (nil: the built-in pack).
    package static func resolve(_ argument: String?, context: Context = Context()) throws -> PackLocation {
        guard let argument, !argument.isEmpty else { return try builtIn(context: context) }
        let fileManager = FileManager.default
        let url = URL(fileURLWithPath: argument).standardizedFileURL
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { return PackLocation(root: url, source: .folder) }
            guard PackArchive.isArchive(url) else {
                throw Failure("\(argument) is neither a pack folder nor a .zip, .tar.gz or .tgz archive")
            }
            return PackLocation(root: try extractToCache(url, context: context), source: .archive(url))
        }
        if Identifier.isValid(argument) && !argument.contains("/") {
            let installed = context.installedPacks.appendingPathComponent(argument, isDirectory: true)
            if fileManager.fileExists(atPath: installed.appendingPathComponent(Manifest.fileName).path) {
                return PackLocation(root: installed, source: .installed(argument))
            }
        }
        let ids = installedIDs(context: context)
        let known = ids.isEmpty ? "no packs are installed" : "installed packs: \(ids.joined(separator: ", "))"
        throw Failure("no pack folder, archive or installed pack named '\(argument)' (\(known))")
    }

    /// The built-in pack; every place tried is named when none holds it.
    package static func builtIn(context: Context = Context()) throws -> PackLocation {
        let fileManager = FileManager.default
        func isPack(_ url: URL) -> Bool {
            fileManager.fileExists(atPath: url.appendingPathComponent(Manifest.fileName).path)
        }
        if let explicit = context.environment["SEGUELAB_LESSONS"], !explicit.isEmpty {
            let url = URL(fileURLWithPath: explicit, isDirectory: true).standardizedFileURL
            guard isPack(url) else {
                throw Failure("SEGUELAB_LESSONS=\(explicit) is not a lesson pack: it has no \(Manifest.fileName)")
            }
            return PackLocation(root: url, source: .environment)
        }
        var tried: [String] = []
        if let executable = context.executable {
            let installed = executable.deletingLastPathComponent()
                .appendingPathComponent("../share/seguelab/Lessons", isDirectory: true).standardizedFileURL
            if isPack(installed) { return PackLocation(root: installed, source: .installedLayout) }
            tried.append(installed.path)
        }
        if isPack(context.checkoutLessons) {
            return PackLocation(root: context.checkoutLessons.standardizedFileURL, source: .checkout)
        }
        tried.append(context.checkoutLessons.path)
        throw Failure(
            "cannot find the built-in lessons (tried \(tried.joined(separator: ", "))); set SEGUELAB_LESSONS or use --pack"
        )
    }

    /// Ids of packs installed with `seguelab pack install`, sorted.
    package static func installedIDs(context: Context = Context()) -> [String] {
        let folder = context.installedPacks
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return entries.filter {
            !$0.hasPrefix(".")
                && FileManager.default.fileExists(
                    atPath: folder.appendingPathComponent($0).appendingPathComponent(Manifest.fileName).path)
        }.sorted()
    }

    /// `<cache>/packs/<name>-<content hash>/`, extracted on first use and reused after.
    static func extractToCache(_ archive: URL, context: Context) throws -> URL {
        let hash = try PackArchive.contentHash(of: archive)
        let name = PackArchive.baseName(of: archive)
        let safeName = String(name.map { $0.isLetter || $0.isNumber || "-_.".contains($0) ? $0 : "_" })
        let destination = context.extractedArchives.appendingPathComponent("\(safeName)-\(hash)", isDirectory: true)
        if FileManager.default.fileExists(atPath: destination.appendingPathComponent(Manifest.fileName).path) {
            return destination
        }
        do {
            try PackArchive.extract(archive, to: destination)
        } catch let failure as PackArchive.Failure {
            // Another process may have extracted the same archive at the same moment.
            if FileManager.default.fileExists(atPath: destination.appendingPathComponent(Manifest.fileName).path) {
                return destination
            }
            throw failure
        }
        return destination
    }
}
