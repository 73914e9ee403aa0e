// Unwind actions found the way the Playground arranges it: an exported C symbol registers them
// and SegueKit looks it up with dlsym the first time an unwind needs one.
import UIKit

final class ProductListViewController: UITableViewController {
    @IBAction func unwindToProducts(_ segue: UIStoryboardSegue) {
        print("back from \(type(of: segue.source))")
    }
}

final class ProductViewController: UIViewController {}
final class CheckoutViewController: UIViewController {}

@_cdecl("seguekit_register_actions")
public func seguekitRegisterActions() {
    MainActor.assumeIsolated {
        UnwindActionRegistry.register(ProductListViewController.self, "unwindToProducts:") { controller, segue in
            controller.unwindToProducts(segue)
        }
    }
}

let window = UIWindow(frame: UIScreen.main.bounds)
window.rootViewController = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController()
window.makeKeyAndVisible()
let navigation = window.rootViewController as! UINavigationController
navigation.topViewController!.performSegue(withIdentifier: "showFeatured", sender: nil)
(navigation.topViewController!.view.viewWithTag(1) as! UIButton).sendActions(for: .touchUpInside)
let checkout = navigation.presentedViewController!
(checkout.view.viewWithTag(3) as! UIButton).sendActions(for: .touchUpInside)
print("stack: \(navigation.viewControllers.count), presented: \(navigation.presentedViewController == nil ? "none" : "some")")
