import UIKit

// The capstone lesson's screens (BookshopCapstone.storyboard) that are not about segues: the
// shelf's table of books, which the learner's ShelfViewController inherits so that the
// lesson's code is only about segues, and the review form presented in its own navigation
// controller.

/// The shelf's table of books and what the shelf holds. The learner's ShelfViewController
/// subclasses it and adds the segues.
class BookListViewController: UIViewController, UITableViewDataSource {
    @IBOutlet weak var tableView: UITableView!
    let books = [Catalog.dune, Catalog.earthsea, Catalog.solaris]
    var basket = [Catalog.dune, Catalog.solaris]
    /// Reviews brought back by the review form, newest last.
    var reviews: [String] = []

    /// The book of the selected row; the first book when no row is selected.
    var selectedBook: Book {
        books[tableView?.indexPathForSelectedRow?.row ?? 0]
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        books.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "BookCell", for: indexPath)
        cell.textLabel?.text = books[indexPath.row].title
        return cell
    }
}

/// The form behind the shelf's "Review" button: the book it reviews is handed over by the
/// shelf, the text is what the user typed; Save and Cancel unwind to `unwindToShelf:`.
class ReviewFormViewController: UIViewController {
    var book: Book?
    var text = ""
}
