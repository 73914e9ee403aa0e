// Technique 1: segue identifiers as plain strings, compared in prepare(for:sender:).
import UIKit

struct Product {
    let name: String
}

final class ProductListViewController: UITableViewController {
    let products = [Product(name: "Book"), Product(name: "Lamp")]

    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        products.count
    }

    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "ProductCell", for: indexPath)
        cell.textLabel?.text = products[indexPath.row].name
        return cell
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let identifier = segue.identifier else {
            assertionFailure("segue without identifier")
            return
        }
        if identifier == "showProduct" {
            let detail = segue.destination as! ProductViewController
            detail.product = products[tableView.indexPathForSelectedRow!.row]
        } else if identifier == "showSettings" {
            segue.destination.title = "Preferences"
        } else {
            print("no preparation for \(identifier)")
        }
    }
}

final class ProductViewController: UIViewController {
    var product: Product?

    override func viewDidLoad() {
        super.viewDidLoad()
        print("showing \(product?.name ?? "nothing")")
    }
}

final class SettingsViewController: UIViewController {}

let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController()
window.makeKeyAndVisible()

let navigation = window.rootViewController as! UINavigationController
let list = navigation.topViewController as! ProductListViewController
list.tableView.simulateTapOnRow(at: IndexPath(row: 1, section: 0))
navigation.popViewController(animated: true)
list.performSegue(withIdentifier: "showSettings", sender: nil)
print("top: \(navigation.topViewController!.title ?? "-")")
list.performSegue(withIdentifier: "showFeatured", sender: nil)
print("stack: \(navigation.viewControllers.count)")
