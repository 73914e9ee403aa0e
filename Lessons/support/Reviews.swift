import UIKit

// Support for the unwind lesson's BookshopReviews.storyboard: the star rating sheet (a second
// screen whose Cancel unwinds to the shelf) and a way to reach the screen the user sees when
// it sits inside a presented navigation controller. The review composer and the shelf are
// written by the lesson, in the learner's code.

/// The "Rate" sheet, presented from the shelf; its Cancel button unwinds to `unwindToShelf:`.
class StarRatingViewController: UIViewController {
    var stars = 0
}

/// The screen the user sees: a presented screen (the top of it, when it is a navigation
/// controller), else the top of the shelf's navigation stack.
@preconcurrency @MainActor var frontmostScreen: UIViewController? {
    let screen = visibleScreen
    return (screen as? UINavigationController)?.topViewController ?? screen
}
