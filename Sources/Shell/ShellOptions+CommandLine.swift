import CLibEdit
import Foundation
import LessonKit
import Localization
import Workshop

extension ShellOptions {
    /// Completes the options from what `seguelab` was given: the demo script (`--present`)
    /// read, the workshop (`--join`, `--name`) checked, and the pack loaded with its language
    /// and starting point — or, with `noPack`, the language chosen among the shell's own.
    package mutating func resolve(
        present: String?, join: String?, name: String?, noPack: Bool, pack: String?,
        language: String?, context: PackLocation.Context = PackLocation.Context(),
        environment: [String: String] = ProcessInfo.processInfo.environment
    )
        throws(CommandFailure)
    {
        if let present {
            guard let script = try? String(contentsOfFile: present, encoding: .utf8) else {
                throw CommandFailure("--present \(present): cannot read the file")
            }
            presentation = (present, script)
        }
        self.join = try Self.workshop(join: join, name: name, environment: environment)
        var pack = pack
        if self.join == nil, pack == nil, !noPack,
            let folder = WorkshopClient.remembered(directories: directories)?.pack
        {
            if FileManager.default.fileExists(atPath: folder) {
                // Back in the workshop joined earlier: its pack, not the built-in course.
                pack = folder
                resumesWorkshopPack = true
            } else {
                vanishedWorkshopPack = folder
            }
        }
        if let link = self.join?.link, pack == nil, !noPack {
            // A learner who joins without the workshop's pack gets it from the server.
            // Said in the language asked for, when the shell has its words (the pack is not read yet).
            let catalog = Catalog(
                language: Catalog.language(among: Catalog.shippedLanguages, preferred: language) ?? "en")
            pack = try WorkshopPack.obtain(link, context: context, catalog: catalog) { line in
                print(line)
                fflush(seguelab_stdout())
            }
        }
        if noPack {
            guard pack == nil, lesson == nil else {
                throw CommandFailure("--no-pack cannot be combined with --pack or --lesson")
            }
            // Without lessons, the shell speaks the language asked for when it has its words.
            let shipped = Catalog.shippedLanguages
            if let language, !shipped.contains(language) {
                throw CommandFailure("--lang \(language): the shell speaks \(shipped.joined(separator: ", "))")
            }
            self.language = Catalog.language(among: shipped, preferred: language)
            return
        }
        let loaded = try LoadedPack.load(pack, language: language, context: context)
        try loaded.checkStart(lesson: lesson, step: step)
        self.pack = loaded.pack
        self.language = loaded.language
        if self.join != nil, pack != nil { workshopPack = loaded.pack.root.standardizedFileURL.path }
    }

    /// `--join LINK --name NAME`: the link checked, the name defaulting to the login name.
    static func workshop(join: String?, name: String?, environment: [String: String])
        throws(CommandFailure) -> (link: JoinLink, name: String)?
    {
        guard let join else {
            if name != nil { throw CommandFailure("--name goes with --join LINK") }
            return nil
        }
        guard let link = JoinLink(join) else {
            throw CommandFailure("--join: '\(join)' is not a join link (http://HOST:PORT/join/CODE)")
        }
        let name = (name ?? environment["USER"] ?? "").trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { throw CommandFailure("--join: say how the dashboard shows you with --name NAME") }
        return (link, name)
    }
}
