import Foundation
import TestSupport
import Testing

/// A session in French speaks French: the lessons and the shell's own words around them
/// (step headings, verdicts, hints, the lessons table, progress, errors).
@Suite struct FrenchShellTests {
    static let lessons = CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons")

    /// What the English shell says; none of it may reach a learner who chose French.
    static let englishPhrases = [
        "Step ", "Goal:", "Type `next`", "Type `run`", "Type the letter", "Type your", "Not yet", "Correct.",
        "Try again", "Stuck?", "Hint ", "Solution:", "Navigation:", "Final screen:", "While checking:",
        "not started", "in progress", "completed", "Done:", "Attempts:", "Current step:", "error:",
        "answer with a letter", "`start ID` begins", "The program crashed", "Left undone", "Next lesson",
        "Welcome back", "lines):", "Draft saved", "unknown command", "no lesson",
        "Swift mode", "forget the last entry",
        // The storyboard diagram's words.
        " scenes", "(from ", "◀ initial ",
        // The judge's reasons.
        "the program crashed", "UIKit raised", "nothing caught it", "is not the answer",
        "your prediction departs", "from the output"
    ]

    /// The first steps of lesson 1: the table, a step, a run, a wrong and a right choice, a
    /// hint, an answer the step cannot take, the progress report, a place and a command that
    /// do not exist; a line of Swift that crashes, a wrong short answer and a wrong prediction,
    /// each judged; and the `swift` mode's help.
    static let script = """
        lessons
        start stringly-typed
        next
        next
        next
        run
        next
        z
        c
        hint
        1
        progress
        goto nowhere
        hlep
        goto stringly-typed/prompt-author
        shelf.performSegue(withIdentifier: "showAuthors", sender: nil)
        goto stringly-typed/exception-name
        NSRangeException
        goto stringly-typed/prepare-typo
        On screen: Dune
        swift
        :help
        :quit
        """

    @Test func aFrenchSessionHasNoEnglishShellWords() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        // The French prediction says `À l'écran` where the English one says `On screen`: its
        // apostrophe is text, not a quote the command line leaves open.
        let script = Self.script.replacingOccurrences(of: "On screen: Dune", with: "À l'écran : Dune")
        let result = try SeguelabBinary.runPiped(
            script, arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "fr"], home: home)
        let transcript = result.stdout + result.stderr
        for french in [
            "pas commencée", "Storyboard Bookshop — 7 scènes", "◀ initiale",
            "(déclenché par le bouton de barre \"Basket\")", "`start ID` commence une leçon", "Objectif\u{00A0}:",
            "── Étape 1/18\u{00A0}: ",
            "Tapez `next` pour continuer.", "Navigation\u{00A0}:", "Écran final\u{00A0}: BookViewController",
            "erreur\u{00A0}: répondez par une lettre de a à", "✘ Pas encore\u{00A0}: c)", "Réessayez, ou tapez `hint`",
            "Indice 1/", "✔ Bonne réponse.", "Fait\u{00A0}: ", "Essais\u{00A0}: ",
            "Étape en cours\u{00A0}: stringly-typed/why-cast",
            "pas de leçon", "«\u{00A0}nowhere\u{00A0}»",
            "commande inconnue «\u{00A0}hlep\u{00A0}» (vouliez-vous dire «\u{00A0}help\u{00A0}»",
            "Mode Swift\u{00A0}: ", ":undo           oublie la dernière entrée",
            "✘ Pas encore\u{00A0}: le programme a planté\u{00A0}: UIKit a levé l'exception NSInvalidArgumentException et rien ne l'a rattrapée\u{00A0}:\n",
            "✘ Pas encore\u{00A0}: «\u{00A0}NSRangeException\u{00A0}» n'est pas la réponse",
            "✘ Pas encore\u{00A0}: votre prédiction s'écarte de la sortie à «\u{00A0}Dune\u{00A0}»"
        ] {
            #expect(transcript.contains(french), "missing: \(french)\n\(transcript)")
        }
        for english in Self.englishPhrases {
            #expect(!transcript.contains(english), "English in a French session: \(english)")
        }
        #expect(!transcript.contains("unterminated"), "\(transcript)")
    }

    /// `storyboard` in a French session: the diagram's words and the identifier audit's
    /// sentences are French; storyboard names, segue kinds, Swift and the `warning:` form of
    /// a diagnostic stay as they are.
    @Test func theStoryboardCommandSpeaksFrench() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let storyboards = Self.lessons.appendingPathComponent("storyboards")
        let source = home.appendingPathComponent("Shelf.swift")
        try "enum SegueIdentifier: String { case showBook, showAuthor, showBasket, showReviews, showPrices }\n"
            .write(to: source, atomically: true, encoding: .utf8)
        let script = """
            storyboard \(storyboards.appendingPathComponent("Bookshop.storyboard").path)
            storyboard \(storyboards.appendingPathComponent("Bookshop.storyboard").path) --from Shelf --depth 1
            storyboard \(storyboards.appendingPathComponent("Bookshop.storyboard").path) --check-source \(source.path)
            storyboard \(storyboards.appendingPathComponent("Bookshop.storyboard").path) --from Nowhere
            storyboard \(storyboards.appendingPathComponent("Bookshop.storyboard").path) --check-source \(home.appendingPathComponent("Missing.swift").path)
            """
        let french = try SeguelabBinary.runPiped(script + "\n", arguments: ["--no-color", "--lang", "fr"], home: home)
        for expected in [
            "Storyboard Bookshop — 7 scènes", "◀ initiale",
            "  ──show 'showReviews'──▶ ReviewsViewController \"Reviews\" #Reviews   (déclenché par le bouton \"Reviews\")",
            "  ──presentation 'showBasket'──▶ BasketViewController \"Basket\" #Basket   (déclenché par le bouton de barre \"Basket\")",
            "Storyboard Bookshop — 6 scènes sur 7, depuis ShelfViewController \"Shelf\" #Shelf à 1 segue au plus",
            ": warning: la valeur d'enum 'showPrices' n'est pas un identifiant de segue de ce storyboard"
        ] {
            #expect(french.stdout.contains(expected), "missing: \(expected)\n\(french.stdout)")
        }
        #expect(
            french.stderr.contains(
                "aucune scène de Bookshop.storyboard ne s'appelle 'Nowhere' (par id, storyboard ID, classe ou titre)"),
            "\(french.stderr)")
        #expect(french.stderr.contains("Missing.swift: error: impossible de lire le fichier"), "\(french.stderr)")
        for english in Self.englishPhrases + [" of ", "from ", "within", "is not a segue identifier"] {
            #expect(!french.stdout.contains(english), "English in a French diagram: \(english)\n\(french.stdout)")
        }
        // The error keeps the `FILE: error:` form of a compiler's diagnostic, its sentence French.
        #expect(!french.stderr.contains("is called") && !french.stderr.contains("cannot"), "\(french.stderr)")
        // The same commands in English say what the French must not.
        let english = try SeguelabBinary.runPiped(script + "\n", arguments: ["--no-color", "--lang", "en"], home: home)
        for phrase in [
            "Storyboard Bookshop — 7 scenes", "◀ initial ", "(from button \"Reviews\")",
            "Storyboard Bookshop — 6 of 7 scenes, from ShelfViewController \"Shelf\" #Shelf within 1 segue",
            ": warning: enum value 'showPrices' is not a segue identifier in this storyboard",
            "no scene of Bookshop.storyboard is called 'Nowhere'", "Missing.swift: error: cannot read file"
        ] {
            #expect((english.stdout + english.stderr).contains(phrase), "missing: \(phrase)\n\(english.stdout)")
        }
    }

    /// The lessons table is headed by the pack's title in the learner's language (`titles:` in
    /// pack.yaml), the default title otherwise.
    @Test func thePacksTitleFollowsTheLanguage() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let french = try SeguelabBinary.runPiped(
            "lessons\n", arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "fr"], home: home)
        #expect(french.stdout.contains("Les segues de storyboard, en toute sûreté"), "\(french.stdout)")
        #expect(!french.stdout.contains("Storyboard segues, safely"))
        let english = try SeguelabBinary.runPiped(
            "lessons\n", arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "en"], home: home)
        #expect(english.stdout.contains("Storyboard segues, safely"), "\(english.stdout)")
        // `seguelab lessons` too, with its count of lessons in words of the language.
        let command = try SeguelabBinary.runPiped(
            "", arguments: ["lessons", "--pack", Self.lessons.path, "--lang", "fr"], home: home)
        #expect(
            command.stdout.hasPrefix(
                "Les segues de storyboard, en toute sûreté (seguelab-course 0.1.0)\u{00A0}: 8 leçons\n"),
            "\(command.stdout)")
    }

    /// `help` in French: every command's line is in French (none is the English one), and a
    /// command shared with the command line is summed up in French, not in ArgumentParser's English.
    @Test func helpSpeaksFrenchForEveryCommand() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let english = try SeguelabBinary.runPiped(
            "help\n", arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "en"], home: home)
        let french = try SeguelabBinary.runPiped(
            "help\nhelp run\nhelp next\n", arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "fr"],
            home: home)
        let commandLines = english.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
        #expect(commandLines.count > 20, "\(english.stdout)")
        for line in commandLines {
            // The usage column is the same in both languages; the summary after it must not be.
            let summary = line.split(separator: "  ", omittingEmptySubsequences: true).dropFirst().joined(
                separator: "  ")
            #expect(!summary.isEmpty && !french.stdout.contains(summary), "English summary in French help: \(summary)")
        }
        #expect(french.stdout.contains("Compile et exécute des fichiers Swift avec SegueKit"), "\(french.stdout)")
        #expect(french.stdout.contains("Ses options\u{00A0}: `run --help` les détaille (en anglais)."))
        #expect(!french.stdout.contains("OVERVIEW:"))
        #expect(french.stdout.contains("Passe à l'étape suivante."))
    }

    /// Without lessons the shell still speaks the language asked for, the shared commands'
    /// argument errors included (known by kind; in English they read as ArgumentParser's).
    @Test func thePlainShellAndArgumentErrorsSpeakFrench() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let script =
            "help\nstoryboard\nstoryboard a --formt dot\nrun --timeout 3\nstoryboard a b c\nstoryboard a --format\n"
        let french = try SeguelabBinary.runPiped(
            script, arguments: ["--no-pack", "--no-color", "--lang", "fr"], home: home)
        #expect(french.stdout.contains("Liste les commandes, ou en explique une."), "\(french.stdout)")
        let errors = french.stderr.split(separator: "\n").map {
            String($0.split(separator: " ", maxSplits: 1).last ?? "")
        }
        #expect(
            errors == [
                "erreur\u{00A0}: storyboard\u{00A0}: il manque l'argument '<file>'",
                "erreur\u{00A0}: storyboard\u{00A0}: option inconnue '--formt'. Vouliez-vous dire '--format'\u{202F}?",
                "erreur\u{00A0}: run\u{00A0}: option inconnue '--timeout'",
                "erreur\u{00A0}: storyboard\u{00A0}: 2 arguments en trop\u{00A0}: 'b', 'c'",
                "erreur\u{00A0}: storyboard\u{00A0}: il manque une valeur à '--format <format>'"
            ], "\(french.stderr)")
        let english = try SeguelabBinary.runPiped(
            script, arguments: ["--no-pack", "--no-color", "--lang", "en"], home: home)
        #expect(
            english.stderr.contains("storyboard: Unknown option '--formt'. Did you mean '--format'?"),
            "\(english.stderr)")
        #expect(english.stderr.contains("storyboard: 2 unexpected arguments: 'b', 'c'"))
        #expect(english.stderr.contains("storyboard: Missing value for '--format <format>'"))
        let unknown = try SeguelabBinary.runPiped("", arguments: ["--no-pack", "--lang", "de"], home: home)
        #expect(
            unknown.status != 0 && unknown.stderr.contains("--lang de: the shell speaks en, fr"), "\(unknown.stderr)")
    }

    /// The lesson commands' argument errors come from their declarations too, in the session's
    /// language; a command's own question (`goto` alone) stays its own.
    @Test func lessonCommandArgumentErrorsSpeakFrench() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let script = "next maintenant\nhint --tout\nhistory -3\nhistory 2 3\n"
        let french = try SeguelabBinary.runPiped(
            script, arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "fr"], home: home)
        let errors = french.stderr.split(separator: "\n").map {
            String($0.split(separator: " ", maxSplits: 1).last ?? "")
        }
        #expect(
            errors == [
                "erreur\u{00A0}: next\u{00A0}: argument en trop\u{00A0}: 'maintenant'",
                "erreur\u{00A0}: hint\u{00A0}: option inconnue '--tout'",
                "erreur\u{00A0}: history\u{00A0}: un nombre positif est attendu, pas '-3'",
                "erreur\u{00A0}: history\u{00A0}: argument en trop\u{00A0}: '3'"
            ], "\(french.stderr)")
        let english = try SeguelabBinary.runPiped(
            script, arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "en"], home: home)
        #expect(english.stderr.contains("error: next: Unexpected argument 'maintenant'"), "\(english.stderr)")
        #expect(english.stderr.contains("error: hint: Unknown option '--tout'"))
        #expect(english.stderr.contains("error: history: Unexpected argument '3'"))
    }

    /// The same script in English still says every phrase the French session must not: the
    /// list above stays a list of what the shell really prints.
    @Test func theEnglishPhrasesAreTheShellsOwn() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let result = try SeguelabBinary.runPiped(
            Self.script, arguments: ["--pack", Self.lessons.path, "--no-color", "--lang", "en"], home: home)
        let transcript = result.stdout + result.stderr
        for english in [
            "Step 1/18: ", "Goal:", "Storyboard Bookshop — 7 scenes", "◀ initial ", "(from bar item \"Basket\")",
            "Type `next`", "Not yet", "Correct.", "Try again", "Hint ", "Navigation:",
            "Final screen:", "not started", "Done:", "Attempts:", "Current step:", "error:", "answer with a letter",
            "✘ Not yet: the program crashed: UIKit raised NSInvalidArgumentException and nothing caught it:\n",
            "✘ Not yet: \"NSRangeException\" is not the answer",
            "✘ Not yet: your prediction departs from the output at \"Dune\""
        ] {
            #expect(transcript.contains(english), "missing: \(english)")
        }
    }

    /// A pack's `messages/fr.yaml` changes the messages it names; every other message stays
    /// seguelab's French.
    @Test func aPacksMessagesOverrideOneMessageAtATime() throws {
        let home = try SeguelabBinary.makeHome()
        defer { try? FileManager.default.removeItem(at: home) }
        let pack = home.appendingPathComponent("pack")
        try FileManager.default.copyItem(at: Self.lessons, to: pack)
        try FileManager.default.createDirectory(
            at: pack.appendingPathComponent("messages"), withIntermediateDirectories: true)
        try "verdict.correct: \"✔ Exact\u{202F}!\"\n".write(
            to: pack.appendingPathComponent("messages/fr.yaml"), atomically: true, encoding: .utf8)
        let result = try SeguelabBinary.runPiped(
            "goto stringly-typed/why-cast\nc\n1\n", arguments: ["--pack", pack.path, "--no-color", "--lang", "fr"],
            home: home)
        #expect(result.stdout.contains("✔ Exact\u{202F}!"), "\(result.stdout)")
        #expect(!result.stdout.contains("Bonne réponse"))
        #expect(result.stdout.contains("✘ Pas encore\u{00A0}: c)"))
        #expect(result.stdout.contains("Tapez `next` pour continuer."))
        #expect(result.status == 0, "\(result.stderr)")
    }
}
