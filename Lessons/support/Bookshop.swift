import UIKit

// The Bookshop app shared by every lesson: its model, the screens a shelf segues to, and a
// launcher that loads Bookshop.storyboard into a window as an app delegate would.
// The shelf itself (ShelfViewController) is written by each lesson, in the learner's code.

/// The course's own messages speak the lesson's language, which seguelab gives a lesson's
/// program in SEGUELAB_LANGUAGE; what UIKit and Swift print stays as iOS prints it.
let lessonInFrench = ProcessInfo.processInfo.environment["SEGUELAB_LANGUAGE"] == "fr"

/// Someone who writes books.
struct Author: Equatable, CustomStringConvertible {
    var name: String
    var description: String { name }
}

/// A book on the shelf. Prints (and shows in the navigation trace) as its title.
struct Book: Equatable, CustomStringConvertible {
    var title: String
    var author: Author
    var price: Double
    var description: String { title }
}

/// The books the shop sells.
enum Catalog {
    static let dune = Book(title: "Dune", author: Author(name: "Frank Herbert"), price: 9.5)
    static let earthsea = Book(title: "A Wizard of Earthsea", author: Author(name: "Ursula K. Le Guin"), price: 8)
    static let solaris = Book(title: "Solaris", author: Author(name: "Stanislaw Lem"), price: 7.25)
}

/// Shows one book; `book` is handed over by the shelf's prepare(for:sender:).
class BookViewController: UIViewController {
    var book: Book?
}

/// Shows an author; `author` is handed over by the shelf.
class AuthorViewController: UIViewController {
    var author: Author?
}

/// The basket, presented modally; `books` is handed over by the shelf.
class BasketViewController: UIViewController {
    var books: [Book] = []
}

/// Reviews of a book; `book` is handed over by the shelf.
class ReviewsViewController: UIViewController {
    var book: Book?
}

/// A static page that needs no data.
class AboutViewController: UIViewController {}

/// Keeps the window alive while the program runs.
@preconcurrency @MainActor var bookshopWindow: UIWindow?

/// Loads the storyboard (Bookshop.storyboard unless told otherwise) into a window and
/// returns its navigation controller, whose root is the shelf.
@preconcurrency @MainActor func openBookshop(storyboard name: String = "Bookshop") -> UINavigationController {
    let storyboard = UIStoryboard(name: name, bundle: nil)
    let navigation = storyboard.instantiateInitialViewController() as! UINavigationController
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    bookshopWindow = window
    return navigation
}

/// What the user sees now: a presented screen, else the top of the navigation stack.
@preconcurrency @MainActor var visibleScreen: UIViewController? {
    (bookshopWindow?.rootViewController as? UINavigationController)?.visibleViewController
}

/// Taps the button or bar button item titled `title` on `controller`'s screen, as a user
/// would: the storyboard segue wired to it fires (after shouldPerformSegue is asked).
@preconcurrency @MainActor func tap(_ title: String, on controller: UIViewController) {
    func button(in view: UIView) -> UIButton? {
        if let button = view as? UIButton, button.currentTitle == title { return button }
        for subview in view.subviews { if let found = button(in: subview) { return found } }
        return nil
    }
    if let button = button(in: controller.view) {
        button.sendActions(for: .touchUpInside)
        return
    }
    let items = (controller.navigationItem.leftBarButtonItems ?? []) + (controller.navigationItem.rightBarButtonItems ?? [])
    if let item = items.first(where: { $0.title == title }) {
        item.simulateTap()
        return
    }
    print(lessonInFrench
          ? "Il n’y a pas de bouton « \(title) » sur l’écran \(type(of: controller))."
          : "There is no '\(title)' button on the \(type(of: controller)) screen.")
}
