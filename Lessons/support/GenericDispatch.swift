import UIKit

// Lesson 6 (generic view controllers): lets the lesson's code show its own method calls in the
// navigation trace, between UIKit's events, so the order of a double dispatch can be read there.

/// Adds `call` to the navigation trace as a note. On a device, a print or a logging
/// breakpoint plays the same part.
@preconcurrency @MainActor func traceCall(_ call: String) {
    SegueTrace.note(call)
}
