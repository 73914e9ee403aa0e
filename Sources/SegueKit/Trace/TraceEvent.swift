import Foundation

/// One navigation event. Written as one JSON object per line to `SEGUEKIT_TRACE_FILE`;
/// absent fields are omitted.
public struct TraceEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// A storyboard-triggered segue asked `shouldPerformSegue`; `answer` holds the reply.
        case shouldPerform
        /// A controller was created from a storyboard scene.
        case instantiate
        /// A relationship segue connected a container and a child at instantiation.
        case relationship
        /// `prepare(for:sender:)` is about to run on `source`.
        case prepare
        /// `perform()` is about to run; `properties` shows the destination after `prepare`.
        case perform
        case push, pop, setStack, present, dismiss, showDetail, embed, selectTab, setRoot
        /// An unwind: its transition (or, with `message`, that nothing handled it).
        case unwind
        /// The destination's unwind action is about to run.
        case unwindAction
        case viewDidLoad
        /// Something UIKit logs without stopping (unknown class, presenting twice).
        case warning
        case exception
        /// A note added by the program with `SegueTrace.note`.
        case note
        case snapshot
    }

    /// Position in the trace, from 1.
    public var seq: Int
    public var event: Kind
    public var identifier: String?
    public var segueKind: SegueKind?
    /// Class names (without module) of the controllers involved.
    public var source: String?
    public var destination: String?
    /// The container or controller the event happened in (navigation controller, presenter...).
    public var controller: String?
    public var answer: Bool?
    public var action: String?
    public var segueClass: String?
    /// Stored properties of the destination (for containers: of the controller they show
    /// first), rendered as strings, captured after `prepare(for:sender:)`.
    public var properties: [String: String]?
    public var storyboardID: String?
    public var message: String?
    public var exception: String?
    public var snapshot: HierarchySnapshot?

    public init(
        seq: Int = 0, event: Kind, identifier: String? = nil, segueKind: SegueKind? = nil,
        source: String? = nil, destination: String? = nil, controller: String? = nil, answer: Bool? = nil,
        action: String? = nil, segueClass: String? = nil, properties: [String: String]? = nil,
        storyboardID: String? = nil, message: String? = nil, exception: String? = nil,
        snapshot: HierarchySnapshot? = nil
    ) {
        self.seq = seq
        self.event = event
        self.identifier = identifier
        self.segueKind = segueKind
        self.source = source
        self.destination = destination
        self.controller = controller
        self.answer = answer
        self.action = action
        self.segueClass = segueClass
        self.properties = properties
        self.storyboardID = storyboardID
        self.message = message
        self.exception = exception
        self.snapshot = snapshot
    }

    /// Reads a JSON-lines trace file's contents.
    public static func decodeLines(_ text: String) throws -> [TraceEvent] {
        let decoder = JSONDecoder()
        return try text.split(separator: "\n", omittingEmptySubsequences: true).map {
            try decoder.decode(TraceEvent.self, from: Data($0.utf8))
        }
    }
}

/// The window's controller hierarchy at one moment.
public struct HierarchySnapshot: Codable, Sendable, Equatable {
    public var root: ControllerNode?

    public init(root: ControllerNode?) {
        self.root = root
    }
}

/// A controller in a snapshot: its children (navigation stack bottom to top, tabs, split
/// columns, embedded children) and what it presents.
public final class ControllerNode: Codable, Sendable, Equatable {
    public enum Container: String, Codable, Sendable { case navigation, split, tabBar }

    public let className: String
    public let title: String?
    public let container: Container?
    public let children: [ControllerNode]
    public let selectedIndex: Int?
    public let presented: ControllerNode?
    public let properties: [String: String]?

    public init(
        className: String, title: String? = nil, container: Container? = nil, children: [ControllerNode] = [],
        selectedIndex: Int? = nil, presented: ControllerNode? = nil, properties: [String: String]? = nil
    ) {
        self.className = className
        self.title = title
        self.container = container
        self.children = children
        self.selectedIndex = selectedIndex
        self.presented = presented
        self.properties = properties
    }

    public static func == (lhs: ControllerNode, rhs: ControllerNode) -> Bool {
        lhs.className == rhs.className && lhs.title == rhs.title && lhs.container == rhs.container
            && lhs.children == rhs.children && lhs.selectedIndex == rhs.selectedIndex
            && lhs.presented == rhs.presented && lhs.properties == rhs.properties
    }
}

extension TraceEvent {
    /// The property of an unhandled unwind's event that lists whom UIKit asked (`, `-separated,
    /// empty for nobody), so that the shell can say it in the learner's words; the event's
    /// message says it in English.
    public static let unwindAskedProperty = "asked"
}
