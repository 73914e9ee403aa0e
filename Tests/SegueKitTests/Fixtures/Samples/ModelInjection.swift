// Technique 4: dependency injection through segues. Destinations adopt ModelAssignable; a
// UIStoryboardSegue extension finds the one to fill, looking inside navigation and split
// view controllers.
import UIKit

struct Note {
    let text: String
}

protocol ModelAssignable: AnyObject {
    var model: Note? { get set }
}

extension UIStoryboardSegue {
    var modelAssignableDestination: ModelAssignable? {
        if let destination = destination as? ModelAssignable {
            return destination
        }
        if let navigation = destination as? UINavigationController,
           let top = navigation.topViewController as? ModelAssignable {
            return top
        }
        if let split = destination as? UISplitViewController {
            return split.viewControllers.lazy.compactMap { $0 as? ModelAssignable }.first
        }
        return nil
    }

    func assign(_ model: Note?) {
        modelAssignableDestination?.model = model
    }

    func assignFromSource() {
        guard let source = source as? ModelAssignable else { return }
        assign(source.model)
    }
}

final class NotesViewController: UIViewController, ModelAssignable {
    var model: Note?
    let notes = [Note(text: "Groceries"), Note(text: "Ideas")]

    override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        if let index = sender as? Int {
            segue.assign(notes[index])
        } else {
            segue.assignFromSource()
        }
    }
}

final class NoteViewController: UIViewController, ModelAssignable {
    var model: Note?

    override func viewDidLoad() {
        super.viewDidLoad()
        print("note: \(model?.text ?? "none")")
    }
}

let window = UIWindow(frame: UIScreen.main.bounds)
let split = UIStoryboard(name: "Split", bundle: nil).instantiateInitialViewController() as! UISplitViewController
window.rootViewController = split
window.makeKeyAndVisible()
let notes = (split.viewControllers.first as! UINavigationController).topViewController as! NotesViewController
notes.performSegue(withIdentifier: "showNote", sender: 1)
notes.model = Note(text: "Inherited")
notes.performSegue(withIdentifier: "pushNote", sender: nil)
let detail = (split.viewControllers.last as! UINavigationController).topViewController as! NoteViewController
print("detail column: \(detail.model?.text ?? "none")")
