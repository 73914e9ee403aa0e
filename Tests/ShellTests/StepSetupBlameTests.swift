import Foundation
import TestSupport
import Testing

/// A verdict blames only what the learner wrote: the segue a step's hidden prelude performs is
/// shown as the step's set-up, never as what "the program did", and UIKit's warning about the
/// checks' own second tap is shown with the checks' navigation, not as the learner's output.
@Suite struct StepSetupBlameTests {
    /// A pack of one exercise on the reviews storyboard: the prelude opens the composer
    /// (`writeReview`), the check expects the learner to save it, and the harness taps
    /// Write a review again on a shelf that is already presenting.
    static func pack() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("blame-\(UUID().uuidString)")
        let lessons = CourseWalkthroughTests.packageRoot.appendingPathComponent("Lessons")
        for folder in ["lessons", "support", "storyboards"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for file in ["support/Bookshop.swift", "support/Reviews.swift", "storyboards/BookshopReviews.storyboard"] {
            try FileManager.default.copyItem(
                at: lessons.appendingPathComponent(file), to: root.appendingPathComponent(file))
        }
        try """
        id: blame-pack
        title: Blame
        version: 0.1.0
        format: 1
        languages: [en]
        default-language: en
        support:
          - support/Bookshop.swift
          - support/Reviews.swift
        storyboards:
          - storyboards
        lessons:
          - 01-save

        """.write(to: root.appendingPathComponent("pack.yaml"), atomically: true, encoding: .utf8)
        let fence = "```"
        try """
        ---
        id: save
        title: Save
        goal: Save the review the composer holds.
        ---

        ## Save it {#save}

        The composer is open, as `composer`. Save the review.

        \(fence)step
        kind: exercise
        file: Save.swift
        storyboard: BookshopReviews
        checks:
          - trace: { kind: prepare, identifier: saveReview }
          - harness: true
        \(fence)

        \(fence)swift prelude
        import UIKit

        class ShelfViewController: UIViewController {
            @IBAction func unwindToShelf(_ segue: UIStoryboardSegue) {}
        }

        class ReviewComposerViewController: UIViewController {}

        let navigation = openBookshop(storyboard: "BookshopReviews")
        let shelf = navigation.topViewController as! ShelfViewController
        tap("Write a review", on: shelf)
        let composer = frontmostScreen as! ReviewComposerViewController
        \(fence)

        \(fence)swift starter
        print("Not saved yet")
        \(fence)

        \(fence)swift solution
        composer.performSegue(withIdentifier: "saveReview", sender: nil)
        \(fence)

        \(fence)swift harness
        tap("Write a review", on: shelf)
        lessonCheck("shelf kept", navigation.topViewController === shelf)
        \(fence)

        """.write(to: root.appendingPathComponent("lessons/01-save.md"), atomically: true, encoding: .utf8)
        return root
    }

    @Test func theStepsSetUpAndTheChecksSecondTapAreNotTheLearners() throws {
        let pack = try Self.pack()
        defer { try? FileManager.default.removeItem(at: pack) }
        let home = try SeguelabBinary.makeHome()
        let result = try SeguelabBinary.runPiped("start save\ncheck\n", arguments: ["--pack", pack.path], home: home)
        let shown = result.stdout
        let verdict = try #require(shown.split(separator: "\n").first { $0.hasPrefix("✘ Not yet:") }, "\(shown)")
        // The prelude's writeReview is the step's: the verdict names what happened while checking.
        #expect(!verdict.contains("but the program did"), "\(verdict)")
        #expect(verdict.contains("expected prepare 'saveReview', but while checking, the program did"), "\(verdict)")
        // The prelude's presentation is shown under its own heading; the learner's code moved nothing.
        let setUp = try #require(shown.range(of: "Set up by the step:\n"), "\(shown)")
        let checking = try #require(shown.range(of: "While checking:\n"), "\(shown)")
        #expect(shown[setUp.upperBound..<checking.lowerBound].contains("present"), "\(shown)")
        #expect(!shown.contains("Navigation:"), "\(shown)")
        // UIKit's warning about the checks' own tap is shown once, among the checks' navigation.
        let warning = "which is already presenting"
        #expect(shown.components(separatedBy: warning).count == 2, "\(shown)")
        #expect(shown[checking.upperBound...].contains(warning), "\(shown)")
    }
}
