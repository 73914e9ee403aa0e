import Playground

// The module and its main type share the name `Playground`, so `Playground.Diagnostic` cannot
// be spelled where LessonKit (which has its own `Diagnostic`) is imported too.
typealias PlaygroundDiagnostic = Diagnostic
typealias PlaygroundTermination = Termination
