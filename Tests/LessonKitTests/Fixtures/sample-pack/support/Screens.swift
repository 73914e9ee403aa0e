import UIKit

class ListViewController: UIViewController {
    var selectedItem = "Segues"

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let detail = segue.destination as? DetailViewController {
            detail.item = selectedItem
        }
    }
}

class DetailViewController: UIViewController {
    var item: String?
}

var appWindow: UIWindow?

func launchApp() -> UINavigationController {
    let navigation = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as! UINavigationController
    let window = UIWindow()
    window.rootViewController = navigation
    window.makeKeyAndVisible()
    appWindow = window
    return navigation
}
