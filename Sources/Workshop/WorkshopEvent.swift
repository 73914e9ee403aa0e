import Foundation

/// One thing a learner did, as it is sent to the workshop server. Its `id` is made by the
/// learner, so a batch sent twice (a reply lost on the way back) is stored once.
public struct WorkshopEvent: Codable, Sendable, Equatable {
    public enum Kind: String, Codable, Sendable, CaseIterable {
        /// The learner arrived at `step`.
        case entered
        /// An answer to `step` was judged right (`code`: the learner's code, on code steps).
        case right
        /// An answer to `step` was judged wrong: `feedback` says why, `problem` is the first
        /// compiler error or the crash, `code` the learner's code on code steps.
        case wrong
        case hint
        case solution
        case skip
        /// `help me`: a raised hand, shown until the instructor clears it.
        case hand
    }

    public var id: String
    /// Seconds since 1970 on the learner's clock.
    public var at: Double
    public var kind: Kind
    /// `lesson/step`; nil only for a hand raised outside any step.
    public var step: String?
    public var feedback: String?
    public var problem: String?
    public var code: String?

    public init(id: String = UUID().uuidString.lowercased(), at: Date = Date(), kind: Kind, step: String?,
                feedback: String? = nil, problem: String? = nil, code: String? = nil) {
        self.id = id
        self.at = at.timeIntervalSince1970.rounded()
        self.kind = kind
        self.step = step
        self.feedback = feedback.map { WorkshopLimits.clip($0, to: WorkshopLimits.feedback) }
        self.problem = problem.map { WorkshopLimits.clip($0, to: WorkshopLimits.feedback) }
        self.code = code.map { WorkshopLimits.clip($0, to: WorkshopLimits.code) }
    }
}

/// What the server accepts; the learner's side clips to the same sizes so it is never refused.
public enum WorkshopLimits {
    public static let name = 40
    public static let feedback = 2_000
    public static let code = 16_000
    public static let eventsPerBatch = 50
    /// A whole request body, in bytes.
    public static let body = 256 * 1024

    public static func clip(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }
}

/// A learner's request: who they are (the join code proves they were invited, the key that
/// the events are theirs) and the events not yet acknowledged. An empty batch asks for news.
public struct EventBatch: Codable, Sendable {
    public var code: String
    public var learner: String
    public var key: String
    public var name: String
    /// The highest broadcast id this learner has shown; later ones come back in the reply.
    public var seenBroadcast: Int
    public var events: [WorkshopEvent]

    public init(code: String, learner: String, key: String, name: String, seenBroadcast: Int, events: [WorkshopEvent]) {
        self.code = code
        self.learner = learner
        self.key = key
        self.name = name
        self.seenBroadcast = seenBroadcast
        self.events = events
    }
}

/// The instructor's one-line message to the room.
public struct Broadcast: Codable, Sendable, Equatable {
    public var id: Int
    public var text: String
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }
}

/// How the instructor paces the room.
public struct Pacing: Codable, Sendable, Equatable {
    /// Solutions are held back: `solution` says so instead of showing one.
    public var solutionsHeld: Bool
    /// Lessons after this one are held back; nil: every lesson is open.
    public var openThrough: String?
    /// "We are all on this step now": each learner is offered `goto` at their next prompt.
    public var gathering: Gathering?

    public struct Gathering: Codable, Sendable, Equatable {
        public var id: Int
        public var step: String
        public init(id: Int, step: String) {
            self.id = id
            self.step = step
        }
    }

    public init(solutionsHeld: Bool = false, openThrough: String? = nil, gathering: Gathering? = nil) {
        self.solutionsHeld = solutionsHeld
        self.openThrough = openThrough
        self.gathering = gathering
    }
}

/// The server's answer to a batch: which events it has stored (now or before) and the news.
public struct BatchReply: Codable, Sendable {
    public var acknowledged: [String]
    public var broadcasts: [Broadcast]
    public var pacing: Pacing

    public init(acknowledged: [String], broadcasts: [Broadcast], pacing: Pacing) {
        self.acknowledged = acknowledged
        self.broadcasts = broadcasts
        self.pacing = pacing
    }
}

/// A join link, `http://HOST:PORT/join/CODE`: the server and the room's join code.
public struct JoinLink: Sendable, Equatable, CustomStringConvertible {
    public var server: URL
    public var code: String

    public init(server: URL, code: String) {
        self.server = server
        self.code = code
    }

    public init?(_ text: String) {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
              let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil
        else { return nil }
        let parts = url.path.split(separator: "/")
        guard parts.count == 2, parts[0] == "join", !parts[1].isEmpty else { return nil }
        var components = URLComponents(url: url, resolvingAgainstBaseURL: false)!
        components.path = ""
        components.query = nil
        components.fragment = nil
        guard let server = components.url else { return nil }
        self.server = server
        self.code = String(parts[1])
    }

    public var description: String { server.absoluteString + "/join/" + code }
    public var eventsURL: URL { server.appendingPathComponent("api/events") }
}
