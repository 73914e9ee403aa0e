import Localization
import Playground
import Testing
@testable import Shell

/// SegueKit's first build is the first thing a learner waits for: it is announced, timed and
/// finished in the learner's language, with the last build's time as the estimate.
@Suite struct BuildProgressWordsTests {
    @Test func theBuildIsAnnouncedInEnglishAsTheToolsSayIt() {
        let events: [BuildProgress] = [
            .started(toolchain: "Swift version 6.3.1", lastSeconds: nil), .elapsed(seconds: 5, lastSeconds: nil),
            .started(toolchain: "Swift version 6.3.1", lastSeconds: 42), .elapsed(seconds: 10, lastSeconds: 42),
            .finished(seconds: 41), .damaged(path: "/c/seguekit/k"),
        ]
        // The shell's English words are the ones logs and the authoring tools print.
        for event in events {
            #expect(SharedPlayground.words(event, catalog: .english) == event.english)
        }
        #expect(BuildProgress.started(toolchain: "Swift 6.3", lastSeconds: 42).english
                == "Compiling SegueKit for Swift 6.3, once (later runs reuse it): about 42 s…")
    }

    @Test func aFrenchLearnerWaitsInFrench() {
        let french = Catalog(language: "fr")
        #expect(SharedPlayground.words(.started(toolchain: "Swift 6.3", lastSeconds: nil), catalog: french)
                == "Compilation de SegueKit pour Swift 6.3, une seule fois (les exécutions suivantes la réutilisent)\u{00A0}: en général 30 à 60\u{00A0}s…")
        #expect(SharedPlayground.words(.elapsed(seconds: 15, lastSeconds: 40), catalog: french)
                == "  compilation de SegueKit\u{00A0}: 15\u{00A0}s écoulées (environ 40\u{00A0}s)")
        #expect(SharedPlayground.words(.finished(seconds: 38), catalog: french) == "SegueKit compilé en 38\u{00A0}s.")
    }
}
