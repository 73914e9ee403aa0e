// Technique 3: the SegueHandler protocol extension, constrained to view controllers whose
// identifier enum is backed by String.
import UIKit

protocol SegueHandler {
    associatedtype SegueIdentifier: RawRepresentable
}

extension SegueHandler where Self: UIViewController, SegueIdentifier.RawValue == String {
    func performSegue(withIdentifier identifier: SegueIdentifier, sender: Any?) {
        performSegue(withIdentifier: identifier.rawValue, sender: sender)
    }

    /// A segue without an identifier has a nil `identifier`; it maps to the `""` case if any.
    func segueIdentifier(for segue: UIStoryboardSegue) -> SegueIdentifier {
        guard let segueIdentifier = SegueIdentifier(rawValue: segue.identifier ?? "") else {
            fatalError("Unknown segue identifier \(segue.identifier ?? "nil") for \(type(of: self))")
        }
        return segueIdentifier
    }
}

struct Product {
    let name: String
}

final class ProductListViewController: UITableViewController, SegueHandler {
    enum SegueIdentifier: String {
        case showProduct
        case showFeatured
        case showSettings
        case addProduct
    }

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segueIdentifier(for: segue) {
        case .showProduct, .showFeatured:
            (segue.destination as? ProductViewController)?.product = Product(name: "Kettle")
        case .showSettings, .addProduct:
            break
        }
    }
}

final class ProductViewController: UIViewController, SegueHandler {
    enum SegueIdentifier: String {
        case buy
        case pushNavigation
        case unnamed = ""
    }

    var product: Product?

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        switch segueIdentifier(for: segue) {
        case .buy:
            print("buying \(product?.name ?? "?")")
        case .pushNavigation:
            break
        case .unnamed:
            print("a segue without identifier")
        }
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        print("asked about '\(identifier)'")
        return true
    }
}

final class CheckoutViewController: UIViewController {}
final class SettingsViewController: UIViewController {}

let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController()
window.makeKeyAndVisible()
let navigation = window.rootViewController as! UINavigationController
let list = navigation.topViewController as! ProductListViewController
list.performSegue(withIdentifier: .showFeatured, sender: nil)
let product = navigation.topViewController as! ProductViewController
(product.view.viewWithTag(2) as! UIButton).sendActions(for: .touchUpInside)
navigation.popViewController(animated: true)
(product.view.viewWithTag(1) as! UIButton).sendActions(for: .touchUpInside)
print("presented: \(type(of: navigation.presentedViewController!))")
