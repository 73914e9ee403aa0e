// Technique 2: a String-backed enum of identifiers and an exhaustive switch.
import UIKit

struct Product {
    let name: String
}

final class ProductListViewController: UITableViewController {
    enum SegueIdentifier: String {
        case showProduct
        case showFeatured
        case showSettings
        case addProduct
    }

    let featured = Product(name: "Lamp")

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let identifier = segue.identifier, let segueIdentifier = SegueIdentifier(rawValue: identifier) else {
            assertionFailure("unknown segue \(segue.identifier ?? "nil")")
            return
        }
        switch segueIdentifier {
        case .showProduct, .showFeatured:
            (segue.destination as? ProductViewController)?.product = featured
        case .showSettings:
            print("opening settings")
        case .addProduct:
            print("adding a product")
        }
    }

    func open(_ identifier: SegueIdentifier) {
        performSegue(withIdentifier: identifier.rawValue, sender: self)
    }
}

final class ProductViewController: UIViewController {
    var product: Product?
}

final class SettingsViewController: UIViewController {}
final class EditorViewController: UIViewController {}

let navigation = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController() as! UINavigationController
let list = navigation.topViewController as! ProductListViewController
let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = navigation
window.makeKeyAndVisible()
list.open(.showFeatured)
print("featured: \((navigation.topViewController as! ProductViewController).product!.name)")
navigation.popToRootViewController(animated: false)
list.open(.addProduct)
print("presented: \(type(of: navigation.presentedViewController!))")
