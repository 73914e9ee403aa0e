import LessonKit
import Localization
import Playground
import Testing

/// SegueKit's first build is the first thing a learner waits for: it is announced, timed and
/// finished in the learner's language, with the last build's time as the estimate.
@Suite struct BuildProgressWordsTests {
    @Test func theBuildIsAnnouncedInEnglish() {
        let english = Catalog.english
        #expect(
            BuildProgress.started(toolchain: "Swift 6.3", lastSeconds: nil).text(english)
                == "Compiling SegueKit for Swift 6.3, once (later runs reuse it): usually 30 to 60 s…")
        #expect(
            BuildProgress.started(toolchain: "Swift 6.3", lastSeconds: 42).text(english)
                == "Compiling SegueKit for Swift 6.3, once (later runs reuse it): about 42 s…")
        #expect(
            BuildProgress.elapsed(seconds: 10, lastSeconds: 42).text(english)
                == "  compiling SegueKit: 10 s so far (about 42 s)")
        #expect(BuildProgress.finished(seconds: 41).text(english) == "SegueKit compiled in 41 s.")
        #expect(
            BuildProgress.damaged(path: "/c/k").text(english)
                == "The SegueKit cache in /c/k was changed or damaged since it was built; rebuilding it.")
    }

    @Test func aFrenchLearnerWaitsInFrench() {
        let french = Catalog(language: "fr")
        #expect(
            BuildProgress.started(toolchain: "Swift 6.3", lastSeconds: nil).text(french)
                == "Compilation de SegueKit pour Swift 6.3, une seule fois (les exécutions suivantes la réutilisent)\u{00A0}: en général 30 à 60\u{00A0}s…"
        )
        #expect(
            BuildProgress.elapsed(seconds: 15, lastSeconds: 40).text(french)
                == "  compilation de SegueKit\u{00A0}: 15\u{00A0}s écoulées (environ 40\u{00A0}s)")
        #expect(BuildProgress.finished(seconds: 38).text(french) == "SegueKit compilé en 38\u{00A0}s.")
    }
}
