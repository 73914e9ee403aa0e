// Each argument names one program whose output shows when the main run loop runs its work.
import UIKit

final class Screen: UIViewController {
    init(_ name: String) {
        super.init(nibName: nil, bundle: nil)
        title = name
    }

    required init?(coder: NSCoder) { super.init(coder: coder) }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        print("\(title!).viewDidAppear")
    }

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        print("\(title!).viewDidDisappear")
    }
}

/// Presents a screen from `viewDidLoad`, from work it schedules there, or from `viewDidAppear`.
final class Greeter: UIViewController {
    let moment: String

    init(presentingIn moment: String) {
        self.moment = moment
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func viewDidLoad() {
        super.viewDidLoad()
        print("viewDidLoad: view.window is \(view.window == nil ? "nil" : "set")")
        if moment == "viewDidLoad" { present(Screen("modal"), animated: true) }
        if moment == "mainQueue" { DispatchQueue.main.async { self.present(Screen("modal"), animated: true) } }
    }

    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        print("viewDidAppear: view.window is \(view.window == nil ? "nil" : "set")")
        if moment == "viewDidAppear" { present(Screen("modal"), animated: true) }
    }
}

let scenario = CommandLine.arguments.dropFirst().first ?? ""
let window = UIWindow(frame: UIScreen.main.bounds)
let root = Screen("root")
window.rootViewController = root
window.makeKeyAndVisible()

switch scenario {
case "scheduledWork":
    DispatchQueue.main.async {
        print("main queue block")
        DispatchQueue.main.async { print("block scheduled by a block") }
    }
    Task { @MainActor in print("main-actor task") }
    Timer.scheduledTimer(withTimeInterval: 0.05, repeats: false) { _ in print("timer") }
    print("end of the program's code")
case "beforeTheNextTap":
    let button = UIButton(type: .system)
    button.addAction(UIAction { _ in print("tap") }, for: .touchUpInside)
    DispatchQueue.main.async { print("scheduled before the tap") }
    button.sendActions(for: .touchUpInside)
    print("after the tap")
case "presentAndDismiss":
    let modal = Screen("modal")
    root.present(modal, animated: true) { print("present completion") }
    print("after present")
    let button = UIButton(type: .system)
    button.addAction(UIAction { _ in
        modal.dismiss(animated: true) { print("dismiss completion") }
        print("after dismiss")
    }, for: .touchUpInside)
    button.sendActions(for: .touchUpInside)
case "repeatingTimer":
    var fires = 0
    Timer.scheduledTimer(withTimeInterval: 0.02, repeats: true) { timer in
        fires += 1
        print("fire \(fires)")
        if fires == 3 { timer.invalidate() }
    }
case "presentFromViewDidLoad", "presentFromMainQueue", "presentFromViewDidAppear":
    let greeter = Greeter(presentingIn: String(scenario.dropFirst("presentFrom".count)).lowercasedFirst)
    window.rootViewController = greeter
    DispatchQueue.main.async { print("presented: \(greeter.presentedViewController?.title ?? "nothing")") }
case "alert":
    let alert = UIAlertController(title: "Delete?", message: nil, preferredStyle: .alert)
    alert.addAction(UIAlertAction(title: "Delete", style: .destructive) { action in
        print("handler: \(action.title!), alert on screen: \(root.presentedViewController != nil)")
    })
    root.present(alert, animated: true) { print("alert shown") }
    alert.actions[0].simulateTap()
    print("after the tap")
default:
    print("unknown scenario \(scenario)")
}

extension String {
    var lowercasedFirst: String { prefix(1).lowercased() + dropFirst() }
}
