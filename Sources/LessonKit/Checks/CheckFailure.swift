import Playground
import SegueKit
import SourceText

/// Why a check did not pass, as data: what was expected and what was seen instead. Checks
/// hold no words; `CheckFailure.text(_:)` (`Wording/CheckWording.swift`) says it in the
/// learner's language.
package enum CheckFailure: Sendable, Equatable {
    // Compiling
    /// The program did not compile (a `compiles` check).
    case notCompiled(CompileFailure)
    /// The program compiled when the compiler should have refused it.
    case compiled
    /// A syntax error that is not the error the step asks for.
    case syntaxError(Diagnostic)
    /// It did not compile, but no error of the learner's code can be judged.
    case noJudgedError
    /// The first error of the learner's code is not the one the step asks for.
    case otherCompileError(Diagnostic)
    /// The author's pattern is no valid regular expression (the check cannot be judged).
    case badPattern(String)
    /// The program did not compile, so the check that looks at its run could not be run.
    case notRun(CompileFailure)

    // The optimised build
    /// The optimised run is missing (the check cannot be judged).
    case releaseNotRun
    case releaseCrashed(CrashSeen)
    case releaseStopped(StopReason)
    case releaseNotCompiled(CompileFailure)
    /// The optimised build ran to the end where it should have crashed.
    case releaseRanToEnd

    // How the code is written (`source` checks)
    /// There is no code to read (the check cannot be judged).
    case sourceNoCode
    /// A string literal is compared with a segue's identifier, at the learner's line.
    case sourceStringIdentifier(SourceRuleFinding)
    /// A string literal is passed as a segue's identifier, at the learner's line.
    case sourceStringArgument(SourceRuleFinding)
    /// A `switch` has a string literal for a case, at the learner's line.
    case sourceStringSwitch(SourceRuleFinding)
    /// A force cast (`as!`) to `type` (nil: to any type), at the learner's line.
    case sourceForceCast(type: String?, SourceRuleFinding)
    /// The code never calls `name` (inside `inFunction`, when given).
    case sourceCallMissing(FunctionName, inFunction: FunctionName?)
    /// No type of the code adopts (or inherits) the name.
    case sourceConformanceMissing(String)
    /// The code no longer assigns the name.
    case sourceAssignmentMissing(String)
    /// The code no longer uses the name.
    case sourceUseMissing(String)
    /// The code does not declare the name.
    case sourceDeclarationMissing(String)

    // The run
    /// A limit stopped the program.
    case stopped(StopReason)
    /// The program was not run (the check cannot be judged).
    case programNotRun
    /// The output differs first at `line` (1-based); nil is no line there.
    case outputLine(line: Int, expected: String?, actual: String?)
    case outputDiffers
    /// `text` is not in the output.
    case outputMissing(text: String, output: String)
    /// The output does not match the pattern.
    case outputUnexpected(output: String)
    /// No event matches `expected`; `instead` is the closest thing that happened.
    case traceMissing(expected: TracePattern, instead: TraceMiss)
    /// An event that must not happen happened.
    case traceUnwanted(TraceEvent)
    /// An event came, but before the event of `previous`.
    case traceEarly(TraceEvent, previous: TracePattern)
    /// No event matches `expected` after the event of `previous`.
    case traceMissingAfter(expected: TracePattern, previous: TracePattern, instead: TraceMiss)
    /// The top of the stack (nil: nothing) is not of the class expected.
    case topOfStack(actual: String?, expected: String)
    /// No presented controller is of the class expected; `shown` are those presented.
    case presented(expected: String, shown: [String])
    /// The program crashed.
    case crashed(CrashSeen)
    case exitStatus(actual: Int32, expected: Int32)
    /// The program did not end (the check cannot be judged).
    case unfinished
    /// No crash, where one (of `kind`, if given) was expected.
    case noCrash(kind: String?)
    /// A crash of another kind than `expected`.
    case otherCrashKind(CrashSeen, expected: String)
    /// A crash with another message than the one expected.
    case otherCrash(CrashSeen)

    // The harness
    /// One of the harness's checks failed (or could not be judged).
    case harnessFailed(check: String, message: String)
    /// A check the step requires was never reported; a crash is the usual reason.
    case harnessMissing(check: String, crash: CrashSeen?)
    /// The harness reported nothing.
    case harnessNone(crash: CrashSeen?)
    /// The run ended normally without a final screen (the check cannot be judged).
    case noEndState

    // Answers, as the step kinds judge them (`Steps/Kinds`)
    /// An answer of a form the step of this kind does not take.
    case wrongAnswerForm(kind: String)
    /// The code could not be run at all (`error` says why).
    case notRunnable(String)
    /// A compiler step: the error is on another line (`line`) than the solution's.
    case compilerOtherLine(Diagnostic, line: String)
    /// A compiler step: another error than the solution's, on its line.
    case compilerOtherError(Diagnostic)
    /// A compiler step: the error has a note the solution's has not.
    case compilerOtherNote(Diagnostic)
    /// A compiler step: the error has more or fewer notes than the solution's.
    case compilerMoreNotes(Diagnostic)
    /// A compiler step: besides the error the step is about, one the solution does not make.
    case compilerExtraError(Diagnostic)
    /// A choice (numbered from 1) the question does not have.
    case noSuchChoice(number: Int)
    /// Several choices where the question takes one.
    case oneChoiceOnly
    /// A chosen answer that is wrong (with no feedback of the author's).
    case wrongChoice(String)
    /// Right choices left out.
    case missedChoices(count: Int)
    /// Where a prediction of the output departs from it.
    case prediction(PredictionMiss)
    /// The navigation did not end on the predicted destination (the screen it ended on is what
    /// the learner is asked for, so it is not named).
    case wrongDestination(answer: String)
    /// No answer was given.
    case emptyAnswer
    /// An answer that is not accepted.
    case unacceptedAnswer(String)
}

/// A crash as a check saw it.
package struct CrashSeen: Sendable, Equatable {
    package var kind: CrashName
    package var message: String

    package init(kind: CrashName, message: String) {
        self.kind = kind
        self.message = message
    }
}

/// Why a program did not compile: its first error and how many there were.
package struct CompileFailure: Sendable, Equatable {
    package var first: Diagnostic?
    package var count: Int

    init(_ outcome: RunResult) {
        first = outcome.compile.errors.first
        count = outcome.compile.errors.count
    }
}

/// The event closest to the one expected, so the learner sees what happened instead.
package enum TraceMiss: Sendable, Equatable {
    /// Nothing happened (no event, or nothing but launching the app).
    case nothing
    /// The event, with the properties that differ from those expected.
    case differs(TraceEvent, [PropertyMismatch])
    /// The event that happened instead.
    case did(TraceEvent)
    /// What happened: the first events (`more`: there were others).
    case was([TraceEvent], more: Bool)
    /// The event that happened instead while the checks ran (the learner's code did nothing
    /// closer): what the learner's code did when the checks drove it.
    case didWhileChecking(TraceEvent)
    /// What happened while the checks ran, when the learner's code itself caused no navigation.
    case wasWhileChecking([TraceEvent], more: Bool)
}

/// A property an event carries with another value than expected (`actual` nil: not set).
package struct PropertyMismatch: Sendable, Equatable {
    package var key: String
    package var expected: String
    package var actual: String?
}

extension RunResult {
    /// The crash, for a check.
    var crashSeen: CrashSeen? { crashName.map { CrashSeen(kind: $0.kind, message: $0.message) } }
}
