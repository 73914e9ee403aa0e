import Foundation
import SegueKit
import Testing

/// The main run loop, tested in child processes: work scheduled on the main queue, the main
/// actor and `RunLoop.main` runs after the current event, and the program ends when none is left.
@Suite("Main run loop")
struct RunLoopTests {
    static let program = CompiledKit.scenarios("RunLoopScenarios.swift", name: "RunLoopApp")

    func lines(_ scenario: String) throws -> [String] {
        try CompiledKit.lines(of: try Self.program.get(), scenario)
    }

    /// "Dispatch queues execute tasks in first-in, first-out order" and the main queue "works
    /// with the app's run loop", which also fires timers (DispatchQueue.main, RunLoop, Timer);
    /// main-actor work runs on the main queue. All of it runs after the code that scheduled it.
    @Test func scheduledWorkRunsAfterTheProgramsCodeInOrder() throws {
        #expect(
            try lines("scheduledWork") == [
                "root.viewDidAppear",
                "end of the program's code",
                "main queue block",
                "main-actor task",
                "block scheduled by a block",
                "timer"
            ])
    }

    /// The loop turns between two touches: what the program scheduled runs before the next one.
    @Test func scheduledWorkRunsBeforeTheNextSimulatedTap() throws {
        #expect(
            try lines("beforeTheNextTap") == ["root.viewDidAppear", "scheduled before the tap", "tap", "after the tap"])
    }

    /// present(_:animated:completion:): "The completion handler is called after the viewDidAppear(_:)
    /// method is called on the presented view controller." dismiss(animated:completion:): "The
    /// completion handler is called after the viewDidDisappear(_:) method is called on the presented
    /// view controller." Both after the transition, so the code after the call runs first.
    @Test func transitionsCompleteOnTheNextTurn() throws {
        #expect(
            try lines("presentAndDismiss") == [
                "root.viewDidAppear",
                "after present",
                "modal.viewDidAppear",
                "present completion",
                "after dismiss",
                "modal.viewDidDisappear",
                "dismiss completion"
            ])
    }

    /// A repeating timer fires until it is invalidated; the program then ends by itself.
    @Test func anInvalidatedRepeatingTimerLetsTheProgramEnd() throws {
        #expect(try lines("repeatingTimer") == ["root.viewDidAppear", "fire 1", "fire 2", "fire 3"])
    }

    /// UIKit refuses to present from a controller whose view is not in a window, as in
    /// `viewDidLoad` (UIView.window: "This property is nil if the view has not yet been added to a
    /// window"), with this log line; from work scheduled there, or from `viewDidAppear`, it presents.
    @Test func presentingBeforeTheViewIsInAWindowIsRefused() throws {
        let run = try CompiledKit.run(try Self.program.get(), ["presentFromViewDidLoad"])
        #expect(run.status == 0)
        #expect(
            run.stdout.split(separator: "\n") == [
                "root.viewDidAppear", "root.viewDidDisappear", "viewDidLoad: view.window is nil",
                "viewDidAppear: view.window is set",
                "presented: nothing"
            ])
        let line = try #require(run.stderr.split(separator: "\n").first.map(String.init))
        #expect(line.hasPrefix("Attempt to present <RunLoopApp.Screen: 0x"), "\(line)")
        #expect(line.contains("> on <RunLoopApp.Greeter: 0x") && line.contains("> (from <RunLoopApp.Greeter: 0x"))
        #expect(line.hasSuffix(">) whose view is not in the window hierarchy."))
        let events = try TraceEvent.decodeLines(run.trace)
        #expect(events.filter { $0.event == .present }.map(\.destination) == [])
        #expect(events.contains { $0.event == .warning && $0.message == line })
    }

    @Test func presentingFromScheduledWorkOrViewDidAppearPresents() throws {
        #expect(
            try lines("presentFromMainQueue") == [
                "root.viewDidAppear", "root.viewDidDisappear", "viewDidLoad: view.window is nil",
                "viewDidAppear: view.window is set",
                "presented: modal", "modal.viewDidAppear"
            ])
        #expect(
            try lines("presentFromViewDidAppear") == [
                "root.viewDidAppear", "root.viewDidDisappear", "viewDidLoad: view.window is nil",
                "viewDidAppear: view.window is set",
                "modal.viewDidAppear", "presented: modal"
            ])
    }

    /// UIAlertController: "After configuring the alert controller with the actions and style you
    /// want, present it using the present(_:animated:completion:) method." A tapped action dismisses
    /// the alert; its handler runs once the dismissal has ended.
    @Test func anAlertActionDismissesTheAlertThenRunsItsHandler() throws {
        #expect(
            try lines("alert") == [
                "root.viewDidAppear", "alert shown", "after the tap", "handler: Delete, alert on screen: false"
            ])
    }
}
