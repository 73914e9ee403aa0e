// Each argument names one scenario; SEGUEKIT_DEVICE (iphone or ipad) names the device it runs on.
import UIKit

final class Screen: UIViewController {
    init(_ name: String) {
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        print("\(title!).viewWillAppear")
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        print("\(title!).viewDidAppear")
    }

    override func viewWillDisappear(_ animated: Bool) {
        super.viewWillDisappear(animated)
        print("\(title!).viewWillDisappear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        print("\(title!).viewDidDisappear")
    }
}

final class Adaptation: UIAdaptivePresentationControllerDelegate {
    let answer: UIModalPresentationStyle
    init(_ answer: UIModalPresentationStyle) { self.answer = answer }

    func adaptivePresentationStyle(for controller: UIPresentationController) -> UIModalPresentationStyle {
        print("asked for the adaptive style")
        return answer
    }
}

final class KeepPrimary: UISplitViewControllerDelegate {
    func splitViewController(
        _ splitViewController: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
        onto primaryViewController: UIViewController
    ) -> Bool {
        print("asked to collapse \(secondaryViewController.title ?? "\(type(of: secondaryViewController))")")
        return true
    }

    func splitViewController(
        _ splitViewController: UISplitViewController, showDetail vc: UIViewController, sender: Any?
    ) -> Bool {
        print("asked to show \(vc.title ?? "")")
        return true
    }
}

func names(_ controllers: [UIViewController]) -> String {
    controllers.map { $0.title ?? "\(type(of: $0))" }.joined(separator: ", ")
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
let window = UIWindow(frame: UIScreen.main.bounds)
print("idiom: \(UIDevice.current.userInterfaceIdiom == .phone ? "phone" : "pad")")

switch scenario {
case "popover", "popoverFullScreen", "formSheetFullScreen", "popoverKept":
    // The scenario's name is the shown controller's title; a delegate answers full screen or none.
    let root = Screen("root")
    window.rootViewController = root
    window.makeKeyAndVisible()
    let shown = Screen(scenario)
    shown.modalPresentationStyle = scenario.hasPrefix("formSheet") ? .formSheet : .popover
    let adaptation = Adaptation(scenario.hasSuffix("FullScreen") ? .fullScreen : .none)
    if scenario != "popover" { shown.presentationController?.delegate = adaptation }
    root.present(shown, animated: true) {
        print("presented")
        shown.dismiss(animated: true) { print("dismissed") }
    }
case "splitNavigationPrimary", "splitPlainPrimary", "splitDelegateKeepsPrimary":
    let split = UISplitViewController()
    let master = Screen("master")
    let primary = scenario == "splitPlainPrimary" ? master : UINavigationController(rootViewController: master)
    let detail = Screen("detail")
    split.viewControllers = [primary, UINavigationController(rootViewController: detail)]
    let keepPrimary = KeepPrimary()
    if scenario == "splitDelegateKeepsPrimary" { split.delegate = keepPrimary }
    window.rootViewController = split
    window.makeKeyAndVisible()
    print("collapsed: \(split.isCollapsed); columns: \(names(split.viewControllers))")
    if let navigation = primary as? UINavigationController { print("primary stack: \(names(navigation.viewControllers))") }
    master.showDetailViewController(Screen("other"), sender: nil)
    print("after showDetail, columns: \(names(split.viewControllers))")
    if let navigation = primary as? UINavigationController { print("primary stack: \(names(navigation.viewControllers))") }
default:
    print("unknown scenario \(scenario)")
}
