import Foundation
import LessonKit
import Localization
import Playground
import Workshop

/// The workshop's pack, for a learner who joins without it: the server announces its pack
/// (`PackOffer`: id, version, SHA-256), and a learner who has neither it nor that version gets
/// the archive from the server, checks its size and hash, and installs it as `pack install
/// --static-only` would (the archive read under the rules of any stranger's archive, the pack
/// checked, installed where `--pack ID` finds it).
enum WorkshopPack {
    /// The pack to open for the workshop at `link` (its id, installed), or nil when the server
    /// offers none, cannot be asked, or serves the built-in course. `say` tells the learner, in
    /// one line (in `catalog`'s language), that the pack was fetched.
    static func obtain(
        _ link: JoinLink, context: PackLocation.Context, catalog: Catalog = .english, say: (String) -> Void
    ) throws(CommandFailure) -> String? {
        let announced: PackOffer?
        do {
            announced = try PackOffer.announced(at: link)
        } catch {
            throw CommandFailure(
                "--join: \(error) (\(link.server.absoluteString)): is the workshop server running? "
                    + "Check the link with your instructor, or give --pack to work offline until it is.")
        }
        guard let offer = announced else { return nil }
        let installed = context.installedPacks.appendingPathComponent(offer.id, isDirectory: true)
        if PackLoader.load(from: installed, steps: .whenOpened).pack?.manifest.version == offer.version {
            return offer.id
        }
        if let builtIn = try? PackLocation.builtIn(context: context),
            PackLoader.load(from: builtIn.root, steps: .whenOpened).pack?.id == offer.id
        {
            return nil
        }
        let refused = "the workshop's pack '\(offer.id)' was refused"
        let data: Data
        do {
            data = try offer.download(from: link)
        } catch {
            throw CommandFailure(error.description)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "seguelab-workshop-pack-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let archive = folder.appendingPathComponent("\(offer.id).tgz")
        let hash = SHA256.hex(of: data)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try data.write(to: archive)
        } catch {
            throw CommandFailure(
                "\(refused): it could not be saved in \(folder.path): \(FileErrorWords.describe(error))")
        }
        guard data.count == offer.bytes, hash == offer.sha256 else {
            throw CommandFailure(
                "\(refused): its archive does not match the SHA-256 the server announced "
                    + "(\(offer.sha256.prefix(12))…, got \(hash.prefix(12))…); ask the instructor")
        }
        let location = try LoadedPack.locate(archive.path, context: context)
        let loaded = PackChecker.checkStatically(at: location.root)
        guard let pack = loaded.pack, pack.id == offer.id else {
            let first = loaded.diagnostics.first { $0.severity == .error }?.description
            throw CommandFailure("\(refused): " + (first ?? "it is not the pack '\(offer.id)' the server announced"))
        }
        do {
            _ = try PackInstaller.install(pack, from: location.root, into: context.installedPacks)
        } catch {
            throw CommandFailure("\(refused): \(error)")
        }
        say(
            catalog.text(
                "workshop.pack.fetched",
                [
                    "title": offer.title, "id": offer.id, "version": offer.version,
                    "server": link.server.absoluteString
                ]))
        return offer.id
    }
}
