import UIKit

/// The first screen: a list that shows an item's details through the "showDetail" segue.
class ListViewController: UIViewController {
    /// What the detail screen will show.
    var selectedItem = "Segues"

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if segue.identifier == "showDetail", let detail = segue.destination as? DetailViewController {
            detail.item = selectedItem
        }
    }
}

/// The detail screen, given its item in `prepare(for:sender:)`.
class DetailViewController: UIViewController {
    var item: String?
}

/// Keeps the window alive while the program runs, as an app delegate would.
var appWindow: UIWindow?

/// Loads Main.storyboard into a window and returns its navigation controller.
func launchApp() -> UINavigationController {
    let storyboard = UIStoryboard(name: "Main", bundle: nil)
    let navigation = storyboard.instantiateInitialViewController() as! UINavigationController
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    appWindow = window
    return navigation
}

