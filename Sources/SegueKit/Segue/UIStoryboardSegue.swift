import Foundation

/// A transition between two view controllers. Subclass and override `perform()` for a custom
/// segue, or give a `performHandler`; a segue with neither raises when performed, as in UIKit.
@preconcurrency @MainActor
open class UIStoryboardSegue {
    private let identifierStorage: String?
    private let sourceStorage: UIViewController
    private let destinationStorage: UIViewController
    var performHandler: (() -> Void)?

    open var identifier: String? { identifierStorage }
    open var source: UIViewController { sourceStorage }
    open var destination: UIViewController { destinationStorage }

    /// Required (unlike UIKit's) because storyboards create custom segue classes from their
    /// metatype; subclasses that add no initializers inherit it unchanged.
    public required init(identifier: String?, source: UIViewController, destination: UIViewController) {
        identifierStorage = identifier
        sourceStorage = source
        destinationStorage = destination
    }

    public convenience init(
        identifier: String?, source: UIViewController, destination: UIViewController,
        performHandler: @escaping () -> Void
    ) {
        self.init(identifier: identifier, source: source, destination: destination)
        self.performHandler = performHandler
    }

    open func perform() {
        guard let handler = performHandler else {
            raiseException(
                .internalInconsistency, "A segue must either have a performHandler or it must override -perform.")
        }
        handler()
    }

    @available(*, unavailable, renamed: "source")
    public var sourceViewController: UIViewController { source }

    @available(*, unavailable, renamed: "destination")
    public var destinationViewController: UIViewController { destination }
}

/// What UIKit tells containers during an unwind: where it started and which action it names.
@preconcurrency @MainActor
open class UIStoryboardUnwindSegueSource {
    private let sourceStorage: UIViewController
    private let actionStorage: Selector
    private let senderStorage: Any?

    init(source: UIViewController, unwindAction: Selector, sender: Any?) {
        sourceStorage = source
        actionStorage = unwindAction
        senderStorage = sender
    }

    open var source: UIViewController { sourceStorage }
    open var unwindAction: Selector { actionStorage }
    open var sender: Any? { senderStorage }
}

/// The kinds of segue Interface Builder writes in `kind="…"`.
public enum SegueKind: String, Sendable, Codable, CaseIterable {
    case show, showDetail, presentation, popoverPresentation, embed, relationship, unwind, custom
    /// Legacy kinds from storyboards made before iOS 8.
    case push, modal, replace, popover
}
