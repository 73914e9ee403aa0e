import Foundation

/// One thing a learner did, as it is sent to the workshop server. Its `id` is made by the
/// learner, so a batch sent twice (a reply lost on the way back) is stored once.
package struct WorkshopEvent: Codable, Sendable, Equatable {
    package enum Kind: String, Codable, Sendable, CaseIterable {
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

    package var id: String
    /// Seconds since 1970 on the learner's clock.
    package var at: Double
    package var kind: Kind
    /// `lesson/step`; nil only for a hand raised outside any step.
    package var step: String?
    package var feedback: String?
    package var problem: String?
    package var code: String?

    package init(
        id: String = UUID().uuidString.lowercased(), at: Date = Date(), kind: Kind, step: String?,
        feedback: String? = nil, problem: String? = nil, code: String? = nil
    ) {
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
package enum WorkshopLimits {
    package static let name = 40
    package static let feedback = 2_000
    package static let code = 16_000
    package static let eventsPerBatch = 50
    /// A whole request body, in bytes.
    package static let body = 256 * 1024

    package static func clip(_ text: String, to count: Int) -> String {
        text.count <= count ? text : String(text.prefix(count - 1)) + "…"
    }

    /// Characters that change how the text around them is shown: right-to-left overrides and
    /// embeddings, isolates and marks (a name could otherwise reverse a line on the dashboard
    /// or in a learner's terminal).
    package static func isDirectional(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Why a learner's name cannot be used.
    package enum NameProblem: String, Sendable {
        case empty, lines, control, direction, long

        package var description: String {
            switch self {
            case .empty: return "a name is needed"
            case .lines: return "a name is one line"
            case .control: return "a name cannot hold control characters"
            case .direction: return "a name cannot hold characters that change the direction of the text"
            case .long: return "a name is at most \(WorkshopLimits.name) characters"
            }
        }
    }

    /// Why a learner's name cannot be used, or nil: one line of 1 to `name` characters, with
    /// no control or direction-changing characters.
    package static func nameProblem(_ name: String) -> NameProblem? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if trimmed.isEmpty { return .empty }
        if trimmed.contains(where: \.isNewline) { return .lines }
        if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .control }
        if trimmed.unicodeScalars.contains(where: isDirectional) { return .direction }
        if trimmed.count > Self.name { return .long }
        return nil
    }

    /// Text from the server made safe for a terminal: control and direction-changing
    /// characters are dropped, line breaks become spaces.
    package static func neutralised(_ text: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\r" || scalar == "\t" {
                scalars.append(" ")
            } else if scalar.properties.generalCategory != .control, !isDirectional(scalar) {
                scalars.append(scalar)
            }
        }
        return String(scalars)
    }
}

/// An event the server would not store, and why (a step the served pack does not have…).
package struct EventRefusal: Codable, Sendable, Equatable {
    package var id: String
    package var reason: String
    /// The quota that refused it (`event-size`, `learner-events`, `room-storage`); nil for an
    /// event the room cannot keep for another reason.
    package var quota: String?
    package init(id: String, reason: String, quota: String? = nil) {
        self.id = id
        self.reason = reason
        self.quota = quota
    }

    /// Larger than the room keeps one event's code, feedback or problem: answered 413.
    package static let eventSize = "event-size"
    /// The learner has stored as many events as one learner may: answered 429.
    package static let learnerEvents = "learner-events"
    /// The room's storage is full: answered 429.
    package static let roomStorage = "room-storage"
}

/// A learner's request: who they are (the join code proves they were invited, the key that
/// the events are theirs) and the events not yet acknowledged. An empty batch asks for news.
package struct EventBatch: Codable, Sendable {
    package var code: String
    package var learner: String
    package var key: String
    package var name: String
    /// The highest broadcast id this learner has shown; later ones come back in the reply.
    package var seenBroadcast: Int
    package var events: [WorkshopEvent]

    package init(code: String, learner: String, key: String, name: String, seenBroadcast: Int, events: [WorkshopEvent])
    {
        self.code = code
        self.learner = learner
        self.key = key
        self.name = name
        self.seenBroadcast = seenBroadcast
        self.events = events
    }
}

/// The instructor's one-line message to the room.
package struct Broadcast: Codable, Sendable, Equatable {
    package var id: Int
    package var text: String
    /// When the instructor sent it (server time): the learner sees how old it is.
    package var at: Double?
    /// Withdrawn by the instructor: nobody is shown it any more.
    package var withdrawn: Bool?
    package init(id: Int, text: String, at: Double? = nil, withdrawn: Bool? = nil) {
        self.id = id
        self.text = text
        self.at = at
        self.withdrawn = withdrawn
    }
}

/// How the instructor paces the room.
package struct Pacing: Codable, Sendable, Equatable {
    /// Solutions are held back: `solution` says so instead of showing one.
    package var solutionsHeld: Bool
    /// Lessons after this one are held back; nil: every lesson is open.
    package var openThrough: String?
    /// "We are all on this step now": each learner is offered `goto` at their next prompt.
    package var gathering: Gathering?

    package struct Gathering: Codable, Sendable, Equatable {
        package var id: Int
        package var step: String
        /// When the instructor asked (server time).
        package var at: Double?
        package init(id: Int, step: String, at: Double? = nil) {
            self.id = id
            self.step = step
            self.at = at
        }
    }

    package init(solutionsHeld: Bool = false, openThrough: String? = nil, gathering: Gathering? = nil) {
        self.solutionsHeld = solutionsHeld
        self.openThrough = openThrough
        self.gathering = gathering
    }
}

/// The server's answer to a batch: which events it has stored (now or before) and the news.
package struct BatchReply: Codable, Sendable {
    /// Events stored (now or before): the learner drops them from its queue.
    package var acknowledged: [String]
    /// Events the server will never store: the learner drops them too, and says so once.
    package var refused: [EventRefusal]?
    package var broadcasts: [Broadcast]
    package var pacing: Pacing
    /// Server time of the reply: ages are counted on one clock.
    package var now: Double?
    /// Set when a quota refused every event of the batch (answered 413 or 429): what was
    /// wrong, and the quota's word (`event-size`, `learner-events`, `room-storage`).
    package var error: String?
    package var reason: String?

    package init(
        acknowledged: [String], refused: [EventRefusal] = [], broadcasts: [Broadcast], pacing: Pacing,
        now: Double? = nil
    ) {
        self.acknowledged = acknowledged
        self.refused = refused
        self.broadcasts = broadcasts
        self.pacing = pacing
        self.now = now
    }
}

/// A join link, `http://HOST:PORT/join/CODE`: the server and the room's join code.
package struct JoinLink: Sendable, Equatable, CustomStringConvertible {
    package var server: URL
    package var code: String

    package init(server: URL, code: String) {
        self.server = server
        self.code = code
    }

    package init?(_ text: String) {
        guard let url = URL(string: text.trimmingCharacters(in: .whitespaces)),
            // The workshop server speaks plain HTTP on the room's network (and so does the client).
            url.scheme?.lowercased() == "http", url.host != nil
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

    package var description: String { server.absoluteString + "/join/" + code }
    package var eventsURL: URL { server.appendingPathComponent("api/events") }
    package var joinURL: URL { server.appendingPathComponent("join/" + code) }
}
