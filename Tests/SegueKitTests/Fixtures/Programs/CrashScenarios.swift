// Each argument names one way an iOS app crashes (or logs) in UIKit's segue machinery.
import UIKit

final class ProductListViewController: UITableViewController {}
final class ProductViewController: UIViewController {}
final class StartViewController: UIViewController {}
final class IncompleteSegue: UIStoryboardSegue {}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
let window = UIWindow(frame: UIScreen.main.bounds)
print("scenario \(scenario)")

switch scenario {
case "unknownIdentifier":
    let navigation = UIStoryboard(name: "Shop", bundle: nil).instantiateInitialViewController() as! UINavigationController
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    navigation.topViewController!.performSegue(withIdentifier: "showPrdouct", sender: nil)
case "notFromStoryboard":
    let controller = ProductViewController()
    window.rootViewController = controller
    window.makeKeyAndVisible()
    controller.performSegue(withIdentifier: "showDetail", sender: nil)
case "pushNavigationController":
    let storyboard = UIStoryboard(name: "Shop", bundle: nil)
    let navigation = storyboard.instantiateInitialViewController() as! UINavigationController
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    // Only an explicit push raises; a show segue to a navigation controller presents it.
    navigation.pushViewController(UINavigationController(rootViewController: UIViewController()), animated: true)
case "incompleteCustomSegue":
    let start = UIStoryboard(name: "Custom", bundle: nil).instantiateInitialViewController()!
    start.performSegue(withIdentifier: "broken", sender: nil)
case "customSegueWithoutClass":
    let start = UIStoryboard(name: "Custom", bundle: nil).instantiateInitialViewController()!
    start.performSegue(withIdentifier: "unnamedClass", sender: nil)
case "missingStoryboard":
    _ = UIStoryboard(name: "Checkout", bundle: nil)
case "unknownStoryboardIdentifier":
    _ = UIStoryboard(name: "Shop", bundle: nil).instantiateViewController(withIdentifier: "Basket")
case "legacyPushWithoutNavigation":
    let compose = UIStoryboard(name: "Legacy", bundle: nil).instantiateViewController(withIdentifier: "Compose")
    compose.performSegue(withIdentifier: "pushWithoutNavigation", sender: nil)
case "pushSameControllerTwice":
    let again = UIViewController()
    let navigation = UINavigationController(rootViewController: again)
    navigation.pushViewController(again, animated: true)
case "dequeueUnknownCell":
    let table = UITableView(frame: .zero, style: .plain)
    _ = table.dequeueReusableCell(withIdentifier: "Missing", for: IndexPath(row: 0, section: 0))
case "presentTwice":
    let first = UIViewController()
    let second = UIViewController()
    window.rootViewController = first
    window.makeKeyAndVisible()
    first.present(ProductViewController(), animated: true)
    second.present(first.presentedViewController!, animated: true)
case "unknownClass":
    let ghost = UIStoryboard(name: "Custom", bundle: nil).instantiateViewController(withIdentifier: "Ghost")
    window.rootViewController = ghost
    window.makeKeyAndVisible()
    print("ghost is \(type(of: ghost))")
default:
    print("unknown scenario")
}
print("finished \(scenario)")
