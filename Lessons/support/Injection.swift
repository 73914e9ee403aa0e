import UIKit

// The screens lesson 5 (dependency injection through segues) adds to the Bookshop, used by
// its storyboards BookshopInjection, BookshopInjectionSplit and BookshopInjectionSearch.
// The protocols the destinations adopt are written by the learner, so none are declared here.

/// The first column of the iPad checkout (a split view): it needs no books.
class DeliveryViewController: UIViewController {
    var choices = ["Post", "Courier", "Collect in the shop"]
}

/// The books of past orders: it shows books, but never the basket's.
class OrderHistoryViewController: UIViewController {
    var books: [Book] = []
}

/// A shared service, not a model: the basket the whole app adds books to.
final class BasketStore: CustomStringConvertible {
    private(set) var books: [Book] = []
    func add(_ book: Book) { books.append(book) }
    var description: String { "BasketStore(\(books.count) \(lessonInFrench ? "livres" : "books"))" }
}

/// A search result's page, which can put its book in the basket when it was given one.
class BookPageViewController: UIViewController {
    var book: Book?
    var basketStore: BasketStore?

    /// What the page's "Add to basket" button does; says why when it cannot.
    func addToBasket() {
        guard let book else {
            return print(lessonInFrench ? "Add to basket : cette page n’a pas de livre" : "Add to basket: this page has no book")
        }
        guard let basketStore else {
            return print(lessonInFrench ? "Add to basket : cette page n’a pas de BasketStore, donc \(book) ne va nulle part"
                                        : "Add to basket: this page has no BasketStore, so \(book) goes nowhere")
        }
        basketStore.add(book)
        print(lessonInFrench ? "\(book) ajouté au panier (\(basketStore.books.count) dedans)" : "Added \(book) to the basket (\(basketStore.books.count) in it)")
    }
}

/// What the lesson's checks use to look inside the app without the learner's own code.
@preconcurrency @MainActor
enum InjectionProbe {
    /// Every controller from `root` down: children, then what each presents.
    static func screens(from root: UIViewController) -> [UIViewController] {
        [root] + root.children.flatMap(screens(from:)) + (root.presentedViewController.flatMap {
            $0.presentingViewController === root ? screens(from: $0) : nil
        } ?? [])
    }

    /// The first screen of class `type` in the window opened by `openBookshop(storyboard:)`.
    static func first<Screen: UIViewController>(_ type: Screen.Type) -> Screen? {
        guard let root = bookshopWindow?.rootViewController else { return nil }
        return screens(from: root).lazy.compactMap { $0 as? Screen }.first
    }

    /// The first table view in `controller`'s view.
    static func tableView(in controller: UIViewController) -> UITableView? {
        func search(_ view: UIView) -> UITableView? {
            if let table = view as? UITableView { return table }
            return view.subviews.lazy.compactMap(search).first
        }
        return search(controller.view)
    }
}
