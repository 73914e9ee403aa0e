// A typical lesson program: two view controllers, a navigation stack, a push and a present.
import UIKit

final class ProductListViewController: UIViewController {
    var products = ["Tea", "Coffee", "Cocoa"]
}

final class ProductViewController: UIViewController {
    var product: String?
}

let list = ProductListViewController()
let navigation = UINavigationController(rootViewController: list)
let window = UIWindow()
window.rootViewController = navigation
window.makeKeyAndVisible()

for name in list.products {
    let detail = ProductViewController()
    detail.product = name
    navigation.pushViewController(detail, animated: true)
    print("showing", detail.product ?? "nothing")
    navigation.popViewController(animated: true)
}
print("stack depth:", navigation.viewControllers.count)
