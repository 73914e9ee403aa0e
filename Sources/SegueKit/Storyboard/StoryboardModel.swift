import Foundation

/// A parsed Interface Builder storyboard: the scenes and segues SegueKit needs; everything
/// else (layout, constraints, resources) is skipped.
public struct StoryboardDocument: Sendable, Equatable {
    /// The storyboard's name (file name without `.storyboard`).
    public let name: String
    public let path: String
    public let initialViewControllerID: String?
    public let scenes: [SceneDefinition]

    public var initialScene: SceneDefinition? {
        initialViewControllerID.flatMap(scene(forControllerID:))
    }

    public func scene(forControllerID id: String) -> SceneDefinition? {
        scenes.first { $0.controller.objectID == id }
    }

    public func scene(withStoryboardIdentifier identifier: String) -> SceneDefinition? {
        scenes.first { $0.controller.storyboardIdentifier == identifier }
    }
}

/// One scene: its view controller (or a reference to another storyboard) and its exits.
public struct SceneDefinition: Sendable, Equatable {
    public let sceneID: String
    public let controller: ControllerDefinition
    /// Object ids of the scene's `exit` placeholders (unwind segues point at them).
    public let exitIDs: [String]
}

/// A storyboard reference (`viewControllerPlaceholder`) to a scene in another storyboard.
public struct StoryboardReference: Sendable, Equatable {
    public let storyboardName: String
    public let referencedIdentifier: String?
}

/// Where an element came from in the storyboard file.
public struct StoryboardLocation: Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public var description: String { "\(file):\(line):\(column)" }
}

/// A scene's view controller element.
public struct ControllerDefinition: Sendable, Equatable {
    /// `viewController`, `navigationController`, `tableViewController`, ...
    public let elementName: String
    public let objectID: String
    public let customClass: String?
    public let customModule: String?
    public let customModuleProvider: String?
    public let storyboardIdentifier: String?
    public let title: String?
    public let modalPresentationStyle: String?
    public let reference: StoryboardReference?
    /// Every segue in the scene: the controller's own, and those on its buttons, cells,
    /// bar button items and container views.
    public let segues: [SegueDefinition]
    /// The controller's outlets (`<outlet property=… destination=…>`) and outlet collection
    /// members (`<outletCollection …>`), in the storyboard's order.
    public let outlets: [OutletDefinition]
    /// Actions of the scene's controls that target this controller.
    public let actions: [ActionDefinition]
    public let rootView: ViewDefinition?
    public let navigationItem: NavigationItemDefinition?
    public let location: StoryboardLocation

    /// The class name shown for the scene: the custom class or the UIKit class.
    public var displayClassName: String {
        customClass ?? ControllerDefinition.defaultClassName(forElement: elementName)
    }

    /// The elements Interface Builder writes for a scene's view controller.
    public static let elementNames: Set<String> = [
        "viewController", "navigationController", "tableViewController", "splitViewController",
        "tabBarController", "collectionViewController", "pageViewController", "viewControllerPlaceholder",
        "hostingController", "avPlayerViewController", "glkViewController"
    ]

    public static func defaultClassName(forElement element: String) -> String {
        switch element {
        case "navigationController": return "UINavigationController"
        case "tableViewController": return "UITableViewController"
        case "splitViewController": return "UISplitViewController"
        case "tabBarController": return "UITabBarController"
        case "collectionViewController": return "UICollectionViewController"
        case "pageViewController": return "UIPageViewController"
        case "hostingController": return "UIHostingController"
        case "avPlayerViewController": return "AVPlayerViewController"
        case "glkViewController": return "GLKViewController"
        case "viewControllerPlaceholder": return "StoryboardReference"
        default: return "UIViewController"
        }
    }
}

/// What fires a segue.
public enum SegueTrigger: Sendable, Equatable {
    /// On the controller itself: manual segues (`performSegue`) and relationships.
    case controller
    /// A control (button, switch...) with this object id.
    case control(objectID: String)
    case barButtonItem(objectID: String)
    /// Selecting a table or collection cell; its prototype's reuse identifier.
    case cell(objectID: String, reuseIdentifier: String?)
    /// The accessory button of a cell (`trigger="accessoryAction"`).
    case cellAccessory(objectID: String, reuseIdentifier: String?)
    case container(objectID: String)
    /// Anything else that can own connections (gesture recognizers...).
    case other(element: String, objectID: String)
}

/// A `segue` element.
public struct SegueDefinition: Sendable, Equatable {
    public let objectID: String
    public let destination: String
    public let kind: SegueKind
    /// Absent in the XML (and so `nil`) for segues that have no identifier in Interface Builder.
    public let identifier: String?
    public let relationship: String?
    public let unwindAction: String?
    public let customClass: String?
    public let customModule: String?
    /// `modalPresentationStyle="fullScreen"` and the like, applied to the destination.
    public let modalPresentationStyle: String?
    /// The source's `@IBSegueAction` that creates the destination (`makeDetail:`).
    public var destinationCreationSelector: String? = nil
    /// `animates="NO"` in the XML: the transition runs without animation.
    public var animates = true
    /// `modalTransitionStyle="flipHorizontal"` and the like.
    public var modalTransitionStyle: String? = nil
    /// How a person recognises the trigger: its text in quotes (a button's or bar item's
    /// title, a cell's first label), else its outline name (`userLabel`) in quotes, else its
    /// system item (`add`), else `image NAME`;
    /// nil for the controller itself and for objects with none of these.
    public var triggerLabel: String? = nil
    public let trigger: SegueTrigger
    public let location: StoryboardLocation
}

/// An outlet of the controller: the property and the object id it points at. A collection
/// outlet has one definition per member.
public struct OutletDefinition: Sendable, Equatable {
    public let property: String
    public let destination: String
    public var isCollection = false
}

/// A control's action: `selector` sent to the controller for `eventType`.
public struct ActionDefinition: Sendable, Equatable {
    public let selector: String
    public let sourceObjectID: String
    public let eventType: String?
}

/// A view inside a scene, reduced to what segues and lookups need.
public struct ViewDefinition: Sendable, Equatable {
    /// `view`, `button`, `label`, `tableView`, `tableViewCell`, `containerView`, ...
    public let elementName: String
    public let objectID: String
    public let customClass: String?
    public let customModule: String?
    public let tag: Int
    public let title: String?
    public let text: String?
    public let reuseIdentifier: String?
    public let accessibilityIdentifier: String?
    public let subviews: [ViewDefinition]
    /// A table view's prototype cells.
    public let prototypes: [ViewDefinition]
    /// A static table view's cells, by section (`dataMode="static"`).
    public let staticSections: [[ViewDefinition]]
    /// The view's own outlets (a custom cell's labels), in the storyboard's order.
    public var outlets: [OutletDefinition] = []
}

/// A scene's navigation item.
public struct NavigationItemDefinition: Sendable, Equatable {
    public let title: String?
    public let leftItems: [BarButtonItemDefinition]
    public let rightItems: [BarButtonItemDefinition]
}

public struct BarButtonItemDefinition: Sendable, Equatable {
    public let objectID: String
    public let title: String?
    public let systemItem: String?
    public let tag: Int
}

/// A storyboard that cannot be read, with the place that is wrong.
public struct StoryboardError: Error, Sendable, Equatable, CustomStringConvertible {
    public let location: StoryboardLocation
    public let message: String

    public init(location: StoryboardLocation, message: String) {
        self.location = location
        self.message = message
    }

    public var description: String { "\(location): error: \(message)" }
}
