// Technique 5: generic view controllers. Storyboards cannot name generic classes, so scenes use
// non-generic subclasses; double dispatch through protocols restores both generic types in a
// typed prepare method.
import UIKit

protocol ModelProtocol {}

protocol ModelContainer {
    associatedtype Model: ModelProtocol
    var model: Model! { get }
}

protocol MutableModelContainer: ModelContainer {
    var model: Model! { get set }
}

protocol AnySegueable {
    func prepare<Source: ModelContainer, Destination: MutableModelContainer>(
        segueIdentifier: String, source: Source, destination: Destination)
    func dispatchPrepare(segueIdentifier: String, destination: AnySegueable)
    func dispatchPrepare<Other: AnySegueable & ModelContainer>(segueIdentifier: String, source: Other)
}

protocol Segueable: AnySegueable, MutableModelContainer {}

extension Segueable {
    func dispatchPrepare(segueIdentifier: String, destination: AnySegueable) {
        destination.dispatchPrepare(segueIdentifier: segueIdentifier, source: self)
    }

    func dispatchPrepare<Other: AnySegueable & ModelContainer>(segueIdentifier: String, source: Other) {
        source.prepare(segueIdentifier: segueIdentifier, source: source, destination: self)
    }
}

class ModelViewController<Model: ModelProtocol>: UIViewController, Segueable {
    var model: Model!

    func prepare<Source: ModelContainer, Destination: MutableModelContainer>(
        segueIdentifier: String, source: Source, destination: Destination) {}

    final override func prepare(for segue: UIStoryboardSegue, sender: Any?) {
        guard let identifier = segue.identifier,
              let source = segue.source as? AnySegueable,
              let destination = segue.destination as? AnySegueable else { return }
        source.dispatchPrepare(segueIdentifier: identifier, destination: destination)
    }
}

struct NoteList: ModelProtocol {
    let titles: [String]
}

struct NoteDetail: ModelProtocol {
    let title: String
}

final class NotesViewController: ModelViewController<NoteList> {
    override func prepare<Source: ModelContainer, Destination: MutableModelContainer>(
        segueIdentifier: String, source: Source, destination: Destination) {
        var destination = destination
        guard let list = source.model as? NoteList else { return }
        if let detail = NoteDetail(title: list.titles[0]) as? Destination.Model {
            destination.model = detail
            print("prepared \(segueIdentifier): \(Source.Model.self) -> \(Destination.Model.self)")
        }
    }
}

final class NoteViewController: ModelViewController<NoteDetail> {}

let split = UIStoryboard(name: "Split", bundle: nil).instantiateInitialViewController() as! UISplitViewController
let primary = split.viewControllers.first as! UINavigationController
let notes = primary.topViewController as! NotesViewController
notes.model = NoteList(titles: ["Groceries", "Ideas"])
notes.performSegue(withIdentifier: "pushNote", sender: nil)
let note = primary.topViewController as! NoteViewController
print("note model: \(note.model.title)")
