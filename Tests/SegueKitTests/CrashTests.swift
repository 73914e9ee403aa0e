import Foundation
import SegueKit
import Testing

/// UIKit's uncaught exceptions end the program: tested in real child processes.
@Suite("Uncaught UIKit exceptions")
struct CrashTests {
    static let program = CompiledKit.scenarios("CrashScenarios.swift", name: "ShopApp")

    /// Runs a scenario and checks it died like a crashed app with exactly `reason`.
    func expectCrash(
        _ scenario: String, name: String, reason: (String) -> Bool,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        let run = try CompiledKit.run(try Self.program.get(), [scenario])
        #expect(run.killedBySignal, "\(scenario) should end with SIGABRT", sourceLocation: sourceLocation)
        #expect(run.status == 6, sourceLocation: sourceLocation)
        #expect(!run.stdout.contains("finished"), sourceLocation: sourceLocation)
        let prefix = "*** Terminating app due to uncaught exception '\(name)', reason: '"
        let line = run.stderr.split(separator: "\n").map(String.init).first { $0.hasPrefix(prefix) }
        let printed = try #require(line, "stderr was: \(run.stderr)", sourceLocation: sourceLocation)
        #expect(printed.hasSuffix("'"), sourceLocation: sourceLocation)
        let reasonText = String(printed.dropFirst(prefix.count).dropLast())
        #expect(reason(reasonText), "reason was: \(reasonText)", sourceLocation: sourceLocation)
        let events = try TraceEvent.decodeLines(run.trace)
        #expect(events.suffix(2).map(\.event) == [.exception, .snapshot], sourceLocation: sourceLocation)
        #expect(events.last(where: { $0.event == .exception })?.message == reasonText, sourceLocation: sourceLocation)
        #expect(events.last(where: { $0.event == .exception })?.exception == name, sourceLocation: sourceLocation)
    }

    @Test func unknownSegueIdentifier() throws {
        try expectCrash("unknownIdentifier", name: "NSInvalidArgumentException") {
            $0.hasPrefix("Receiver (<ShopApp.ProductListViewController: 0x")
                && $0.hasSuffix(">) has no segue with identifier 'showPrdouct'")
        }
    }

    @Test func controllerNotLoadedFromAStoryboard() throws {
        try expectCrash("notFromStoryboard", name: "NSInvalidArgumentException") {
            $0.hasPrefix("Receiver (<ShopApp.ProductViewController: 0x")
                && $0.hasSuffix(">) has no segue with identifier 'showDetail'")
        }
    }

    @Test func pushingANavigationController() throws {
        try expectCrash("pushNavigationController", name: "NSInvalidArgumentException") {
            $0 == "Pushing a navigation controller is not supported"
        }
    }

    @Test func customSegueThatDoesNotOverridePerform() throws {
        try expectCrash("incompleteCustomSegue", name: "NSInternalInconsistencyException") {
            $0 == "A segue must either have a performHandler or it must override -perform."
        }
        try expectCrash("customSegueWithoutClass", name: "NSInternalInconsistencyException") {
            $0 == "A segue must either have a performHandler or it must override -perform."
        }
    }

    @Test func missingStoryboard() throws {
        try expectCrash("missingStoryboard", name: "NSInvalidArgumentException") {
            $0.hasPrefix("Could not find a storyboard named 'Checkout' in bundle NSBundle <")
                && $0.hasSuffix("> (loaded)")
        }
    }

    @Test func unknownStoryboardIdentifier() throws {
        try expectCrash("unknownStoryboardIdentifier", name: "NSInvalidArgumentException") {
            $0.hasPrefix("Storyboard (<UIStoryboard: 0x")
                && $0.hasSuffix(">) doesn't contain a view controller with identifier 'Basket'")
        }
    }

    @Test func legacyPushOutsideANavigationController() throws {
        try expectCrash("legacyPushWithoutNavigation", name: "NSGenericException") {
            $0
                == "Push segues can only be used when the source controller is managed by an instance of UINavigationController."
        }
    }

    @Test func pushingTheSameControllerTwice() throws {
        try expectCrash("pushSameControllerTwice", name: "NSInvalidArgumentException") {
            $0.hasPrefix(
                "Pushing the same view controller instance more than once is not supported (<UIViewController: 0x")
        }
    }

    @Test func dequeueWithoutPrototype() throws {
        try expectCrash("dequeueUnknownCell", name: "NSInternalInconsistencyException") {
            $0
                == "unable to dequeue a cell with identifier Missing - must register a nib or a class for the identifier or connect a prototype cell in a storyboard"
        }
    }

    @Test func presentingAControllerThatIsAlreadyPresented() throws {
        try expectCrash("presentTwice", name: "NSInvalidArgumentException") {
            $0.hasPrefix("Application tried to present modally a view controller <ShopApp.ProductViewController: 0x")
                && $0.contains("> that is already being presented by <UIViewController: 0x")
        }
    }

    @Test func unknownClassIsLoggedAndTheProgramGoesOn() throws {
        let run = try CompiledKit.run(try Self.program.get(), ["unknownClass"])
        #expect(!run.killedBySignal)
        #expect(run.status == 0)
        #expect(run.stderr == "Unknown class _TtC12NoSuchModule19GhostViewController in Interface Builder file.\n")
        #expect(run.stdout.contains("ghost is UIViewController"))
        let events = try TraceEvent.decodeLines(run.trace)
        #expect(events.last?.event == .snapshot)
        #expect(events.last?.snapshot?.root?.className == "UIViewController")
    }
}
