// Code that is fine in Swift 5 mode and, as with UIKit, an isolation error in Swift 6 mode.
import UIKit

protocol SegueHandler {
    associatedtype SegueIdentifier: RawRepresentable
}

extension SegueHandler where Self: UIViewController, SegueIdentifier.RawValue == String {
    func performSegue(withIdentifier identifier: SegueIdentifier, sender: Any?) {
        performSegue(withIdentifier: identifier.rawValue, sender: sender)
    }
}

func openSettings(from controller: UIViewController) {
    controller.performSegue(withIdentifier: "showSettings", sender: nil)
}
