import Foundation
import SegueKit

// Controllers named by the fixture storyboards' customClass attributes.

struct Product: Equatable {
    let name: String
}

class ProductListViewController: UITableViewController {
    let products = [Product(name: "Book"), Product(name: "Lamp")]
    var allowSegues = true
    var touchDestinationViewInPrepare = false
    var unwoundFrom: UIViewController?

    override func viewDidLoad() {
        super.viewDidLoad()
        CallLog.add("list.viewDidLoad")
    }

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { products.count }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ProductCell", for: indexPath)
        cell.textLabel?.text = products[indexPath.row].name
        return cell
    }

    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        CallLog.add("list.didSelectRowAt(\(indexPath.row))")
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        CallLog.add("list.shouldPerformSegue(\(identifier))")
        return allowSegues
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        CallLog.add(
            "list.prepare(\(segue.identifier ?? "nil"), destinationViewLoaded: \(segue.destination.isViewLoaded))")
        if let product = segue.destination as? ProductViewController,
            let row = tableView.indexPathForSelectedRow?.row
        {
            product.product = products[row]
        }
        if touchDestinationViewInPrepare { _ = segue.destination.view }
    }

    func unwindToProducts(_ segue: UIStoryboardSegue) {
        CallLog.add("list.unwindToProducts(from: \(type(of: segue.source)))")
        unwoundFrom = segue.source
    }
}

final class ProductViewController: UIViewController {
    var product: Product?
    /// An `@IBOutlet` on iOS (the attribute needs the Playground's rewriting on Linux; these
    /// tests register outlets by hand).
    weak var nameLabel: UILabel?
    /// An `@IBOutlet var actionButtons: [UIButton]!` collection on iOS.
    var actionButtons: [UIButton]?

    override func viewDidLoad() {
        super.viewDidLoad()
        CallLog.add("product.viewDidLoad(\(product?.name ?? "nil"))")
        if let nameLabel { CallLog.add("product.nameLabel(\(nameLabel.text ?? ""))") }
    }

    @IBAction func share(_ sender: Any) {
        CallLog.add("product.share(from: \(type(of: sender)))")
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        CallLog.add("product.viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        CallLog.add("product.viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        CallLog.add("product.viewWillDisappear")
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        CallLog.add("product.prepare(\(segue.identifier ?? "nil"))")
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        CallLog.add("product.shouldPerformSegue(\(identifier))")
        return true
    }
}

final class CheckoutViewController: UIViewController {
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        CallLog.add("checkout.prepare(\(segue.identifier ?? "nil") -> \(type(of: segue.destination)))")
    }
}

final class SettingsViewController: UIViewController {}

final class EditorViewController: UIViewController {
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        CallLog.add("editor.prepare(\(segue.identifier ?? "nil"))")
    }
}

final class NotesViewController: UIViewController {
    var selectedNote = ""
    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        let navigation = segue.destination as? UINavigationController
        (navigation?.topViewController as? NoteViewController)?.note = selectedNote
    }
}

final class NoteViewController: UIViewController {
    var note: String?
}

final class DashboardViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        CallLog.add("dashboard.viewDidLoad(children: \(children.count))")
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        CallLog.add("dashboard.prepare(\(segue.identifier ?? "nil"), \(type(of: segue.destination)))")
    }
}

final class ChartViewController: UIViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        CallLog.add("chart.viewDidLoad")
    }
}

final class InboxViewController: UIViewController {}
final class StartViewController: UIViewController {}

final class FadeSegue: UIStoryboardSegue {
    override func perform() {
        CallLog.add("fade.perform")
        source.present(destination, animated: false)
    }
}

/// Overrides nothing: performing it must raise.
final class IncompleteSegue: UIStoryboardSegue {}

/// A plain view controller showing a table view it does not own as its view
/// (PlainTable.storyboard); its `tableView` outlet is registered by the tests.
final class BrowseViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let items = ["Alpha", "Beta", "Gamma"]
    var tableView: UITableView?

    override func viewDidLoad() {
        super.viewDidLoad()
        CallLog.add("browse.viewDidLoad(dataSource connected: \(tableView?.dataSource === self))")
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { items.count }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ItemCell", for: indexPath)
        cell.textLabel?.text = items[indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        CallLog.add("browse.didSelectRowAt(\(indexPath.row))")
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let row = tableView?.indexPathForSelectedRow?.row else { return }
        CallLog.add("browse.prepare(\(segue.identifier ?? "nil"), row: \(row))")
        (segue.destination as? NoteViewController)?.note = items[row]
    }
}
