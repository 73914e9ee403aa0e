import Foundation

extension UIViewController {
    /// `performSegue(withIdentifier:sender:)`: looks the identifier up in the scene, no asking.
    func performStoryboardSegue(identifier: String?, sender: Any?) {
        guard let binding = sceneBinding, let identifier,
            let segue = binding.scene.controller.segues.first(where: { $0.identifier == identifier && $0.isPerformable }
            )
        else {
            raiseException(.invalidArgument, Self.noSegueReason(receiver: self, identifier: identifier))
        }
        runStoryboardSegue(segue, binding: binding, sender: sender)
    }

    static func noSegueReason(receiver: UIViewController, identifier: String?) -> String {
        "Receiver (\(objectDescription(receiver))) has no segue with identifier '\(identifier ?? "(null)")'"
    }

    /// A tap on a control, bar item or cell: asks `shouldPerformSegue` first; `false` cancels.
    func triggerStoryboardSegue(_ segue: SegueDefinition, sender: Any?) {
        guard let binding = sceneBinding else { return }
        let answer = shouldPerformSegue(withIdentifier: segue.identifier ?? "", sender: sender)
        SegueTrace.record(
            TraceEvent(
                event: .shouldPerform, identifier: segue.identifier, segueKind: segue.kind,
                source: className(self), answer: answer))
        guard answer else { return }
        runStoryboardSegue(segue, binding: binding, sender: sender)
    }

    /// Fresh destination, segue object, `prepare(for:sender:)`, then `perform()`.
    func runStoryboardSegue(_ definition: SegueDefinition, binding: SceneBinding, sender: Any?) {
        if definition.kind == .unwind {
            Unwinder.perform(definition, from: self, sender: sender)
            return
        }
        let destination = binding.storyboard.instantiateController(
            objectID: definition.destination, creator: destinationCreator(definition, sender: sender))
        if let style = definition.modalPresentationStyle.flatMap(UIModalPresentationStyle.init(storyboardName:)) {
            destination.modalPresentationStyle = style
        }
        // A popover segue's destination is a popover while `prepare` configures it
        // (`segue.destination.popoverPresentationController`).
        if definition.kind == .popoverPresentation || definition.kind == .popover {
            destination.modalPresentationStyle = .popover
        }
        let segue = SegueFactory.make(definition, source: self, destination: destination)
        SegueTrace.record(
            TraceEvent(
                event: .prepare, identifier: definition.identifier, segueKind: definition.kind,
                source: className(self), destination: className(destination)))
        prepare(for: segue, sender: sender)
        SegueTrace.record(
            TraceEvent(
                event: .perform, identifier: definition.identifier, segueKind: definition.kind,
                source: className(self), destination: className(destination),
                segueClass: className(segue), properties: PropertyCapture.properties(of: destination)))
        segue.perform()
    }

    /// The `@IBSegueAction` a segue names, bound to this source; one nobody registered is noted
    /// in the trace and the storyboard creates the destination.
    func destinationCreator(_ definition: SegueDefinition, sender: Any?) -> ((NSCoder) -> UIViewController?)? {
        guard let selector = definition.destinationCreationSelector else { return nil }
        if let creator = SegueActionRegistry.creator(
            for: selector, on: self, sender: sender, identifier: definition.identifier)
        {
            return creator
        }
        SegueTrace.record(
            TraceEvent(
                event: .warning, identifier: definition.identifier, source: className(self), action: selector,
                message: "no registered segue action \(selector) on \(className(self))"))
        return nil
    }

    /// Embed segues fire while the container's view loads, before its `viewDidLoad`.
    func performEmbedSegues() {
        guard let binding = sceneBinding else { return }
        for definition in binding.scene.controller.segues where definition.kind == .embed {
            guard case .container(let containerID) = definition.trigger else { continue }
            let destination = binding.storyboard.instantiateController(
                objectID: definition.destination, creator: destinationCreator(definition, sender: nil))
            let containerView = sceneViews[containerID] ?? viewIfLoaded
            let segue = SegueFactory.make(definition, source: self, destination: destination) { [unowned self] in
                addChild(destination)
                SegueTrace.record(
                    TraceEvent(
                        event: .embed, identifier: definition.identifier, segueKind: .embed,
                        source: className(self), destination: className(destination),
                        properties: PropertyCapture.properties(of: destination)))
                containerView?.addSubview(destination.view)
                destination.didMove(toParent: self)
            }
            SegueTrace.record(
                TraceEvent(
                    event: .prepare, identifier: definition.identifier, segueKind: .embed,
                    source: className(self), destination: className(destination)))
            prepare(for: segue, sender: nil)
            segue.perform()
        }
    }
}

extension SegueDefinition {
    /// Segues `performSegue(withIdentifier:)` can name: not relationships or embeds.
    var isPerformable: Bool { kind != .relationship && kind != .embed }
}

/// Creates the segue object for a storyboard segue: its custom class, or a plain
/// `UIStoryboardSegue` whose perform handler does what the kind means.
@MainActor
enum SegueFactory {
    static func make(
        _ definition: SegueDefinition, source: UIViewController, destination: UIViewController,
        transition: (() -> Void)? = nil
    ) -> UIStoryboardSegue {
        let transition = transition ?? { Transitions.perform(definition.kind, from: source, to: destination) }
        if let customClass = definition.customClass {
            if let type = ClassResolver.resolve(
                customClass, module: definition.customModule, as: UIStoryboardSegue.self)
            {
                let segue = type.init(identifier: definition.identifier, source: source, destination: destination)
                if definition.kind != .custom { segue.performHandler = transition }
                return segue
            }
            ClassResolver.logUnknownClass(customClass, module: definition.customModule)
        }
        if definition.kind == .custom {
            return UIStoryboardSegue(identifier: definition.identifier, source: source, destination: destination)
        }
        return UIStoryboardSegue(
            identifier: definition.identifier, source: source, destination: destination,
            performHandler: transition)
    }
}

/// What each kind of storyboard segue does when performed.
@MainActor
enum Transitions {
    static func perform(_ kind: SegueKind, from source: UIViewController, to destination: UIViewController) {
        switch kind {
        case .show:
            source.show(destination, sender: nil)
        case .showDetail, .replace:
            source.showDetailViewController(destination, sender: nil)
        case .presentation, .popoverPresentation, .modal, .popover:
            source.present(destination, animated: true, completion: nil)
        case .push:
            guard let navigation = source.navigationController else {
                raiseException(
                    .generic,
                    "Push segues can only be used when the source controller is managed by an instance of UINavigationController."
                )
            }
            navigation.pushViewController(destination, animated: true)
        case .embed:
            source.addChild(destination)
            source.view.addSubview(destination.view)
            destination.didMove(toParent: source)
        case .relationship, .unwind, .custom:
            break
        }
    }
}
