import Foundation
import XDGDirectories

/// Who this learner is in a workshop, kept until `leave`: a restarted shell goes on sending.
package struct Membership: Codable, Sendable, Equatable {
    package var link: String
    package var learner: String
    /// A secret only this learner and the server know: nobody else can add events in its name.
    package var key: String
    package var name: String
    package var seenBroadcast: Int
    /// The last "go to this step" shown, so it is offered once.
    package var seenGathering: Int
    /// The pacing last heard from the server, so a restarted shell holds back what it held.
    package var pacing: Pacing?
    /// The folder of the pack the workshop is taken with (nil: the built-in course): a shell
    /// started again without `--join` or `--pack` opens it.
    package var pack: String?
}

/// What the learner is told at the next prompt, as data: the shell words it in the learner's
/// language. What the server or the instructor said (a reason, a broadcast) is carried as it came.
package enum WorkshopNotice: Sendable, Equatable {
    /// An event could not be written to the queue on disk (the system's reason).
    case notQueued(reason: String)
    /// The server refused an event, for `reason` (its words): it is dropped and the others are
    /// sent. Said once per session.
    case refused(reason: String)
    /// The room has as many learners as it takes; `said`: the server's words (may be empty).
    case roomFull(said: String)
    /// The server is there but does not know the join code.
    case unknownJoinCode
    /// The server answers again after it could not be reached.
    case reconnected
    /// The server cannot be reached: the work is kept and sent when it is back.
    case unreachable(WorkshopUnreachable)
    /// The instructor's broadcast; `minutesAgo` nil when said less than a minute before.
    case broadcast(text: String, minutesAgo: Int?)
    /// The instructor gathers everyone at `step`.
    case gathering(step: String, minutesAgo: Int?)

    /// A broadcast or a gathering (shown prominently); else a quiet connection line.
    package var fromInstructor: Bool {
        switch self {
        case .broadcast, .gathering: true
        default: false
        }
    }
}

/// Why the workshop's server could not be reached, as data (the shell words it).
package enum WorkshopUnreachable: Sendable, Equatable {
    /// The exchange failed (nothing answers, a timeout, …).
    case failure(WorkshopHTTP.Failure)
    /// The server answered with this HTTP status; `said`: its message (may be empty).
    case status(Int, said: String)
    /// Something answered 200 that is not a workshop server's answer.
    case notAWorkshop
    /// Any other error, with the system's description.
    case other(String)

    init(_ error: any Error) {
        self = (error as? WorkshopHTTP.Failure).map { .failure($0) } ?? .other("\(error)")
    }
}

/// The learner's side of a workshop: records events into the durable queue (never waiting on
/// the network) and sends them from a background thread, retrying with back-off. What the
/// server sends back (broadcasts, pacing) waits in `takeNotices()` for the next prompt.
package final class WorkshopClient: @unchecked Sendable {
    package let queue: EventQueue
    private let membershipFile: URL
    private let lock = NSLock()
    private var membership: Membership
    private var notices: [WorkshopNotice] = []
    /// nil until the first attempt; a change is told once, in one quiet line.
    private var reachable: Bool?
    private let wake = DispatchSemaphore(value: 0)
    private var running = false
    /// Set by `leave`: a reply still on its way must not write the membership back.
    private var hasLeft = false
    private var idle = true
    /// Requests answered since this shell started.
    private var exchanges = 0
    /// Events the server refused since this shell started (dropped; said once).
    package private(set) var refusedCount = 0

    /// Seconds between requests for news while there is nothing to send.
    package var pollInterval: TimeInterval = 3

    package var link: JoinLink { JoinLink(membership.link)! }
    package var name: String { lock.withLock { membership.name } }
    package var pacing: Pacing { lock.withLock { membership.pacing ?? Pacing() } }
    /// The folder of the workshop's pack, nil for the built-in course.
    package var pack: String? { lock.withLock { membership.pack } }

    static func directory(_ directories: XDGDirectories) -> URL {
        URL(fileURLWithPath: directories.seguelabState).appendingPathComponent("workshop")
    }

    private init(membership: Membership, directory: URL) {
        self.membership = membership
        self.membershipFile = directory.appendingPathComponent("membership.json")
        self.queue = EventQueue(directory: directory.appendingPathComponent("queue"))
    }

    /// What the server says of a join link before joining.
    package enum JoinCheck: Equatable {
        case known
        /// The server answers but does not know this join code.
        case unknownCode
        /// Nothing (or not a workshop) answers: joining goes on, events wait in the queue.
        case unreachable(WorkshopUnreachable)
    }

    /// Asks the server whether it knows the link's join code (a few seconds at most).
    package static func check(_ link: JoinLink) -> JoinCheck {
        do {
            let reply = try WorkshopHTTP.exchange("GET", link.joinURL, connectTimeout: 3, timeout: 5)
            switch reply.status {
            case 200: return .known
            case 403 where ServerError.reason(in: reply.body) == ServerError.unknownJoinCode: return .unknownCode
            default: return .unreachable(.status(reply.status, said: ""))
            }
        } catch {
            return .unreachable(WorkshopUnreachable(error))
        }
    }

    /// The workshop this learner joined earlier and has not left, if any.
    package static func resume(directories: XDGDirectories) -> WorkshopClient? {
        guard let membership = remembered(directories: directories) else { return nil }
        return WorkshopClient(membership: membership, directory: directory(directories))
    }

    /// What is kept of the workshop this learner joined and has not left, read without joining.
    package static func remembered(directories: XDGDirectories) -> Membership? {
        guard let data = try? Data(contentsOf: directory(directories).appendingPathComponent("membership.json")),
            let membership = try? JSONDecoder().decode(Membership.self, from: data),
            JoinLink(membership.link) != nil
        else { return nil }
        return membership
    }

    /// Joins the workshop at `link` as `name`. Joining the same link again keeps the learner's
    /// identity (the dashboard shows one row); another link starts afresh. `pack`: the folder of
    /// the pack it is taken with (nil: the built-in course), opened again by a later start.
    package static func join(_ link: JoinLink, name: String, directories: XDGDirectories, pack: String? = nil) throws
        -> WorkshopClient
    {
        let directory = directory(directories)
        if let problem = WorkshopLimits.nameProblem(name) { throw NameRefused(problem: problem.description) }
        let clipped = name.trimmingCharacters(in: .whitespaces)
        var membership: Membership
        if let earlier = resume(directories: directories), earlier.membership.link == link.description {
            membership = earlier.membership
            membership.name = clipped
            membership.pack = pack
        } else {
            try? FileManager.default.removeItem(at: directory)
            membership = Membership(
                link: link.description, learner: UUID().uuidString.lowercased(),
                key: randomHex(bytes: 24), name: clipped, seenBroadcast: 0, seenGathering: 0, pacing: nil,
                pack: pack)
        }
        let client = WorkshopClient(membership: membership, directory: directory)
        try client.saveMembership()
        return client
    }

    /// Leaves the workshop: nothing more is sent, and events not yet sent are dropped.
    package func leave() {
        lock.withLock { hasLeft = true }
        stop()
        try? FileManager.default.removeItem(at: membershipFile.deletingLastPathComponent())
    }

    /// Puts the event in the queue (on disk) and wakes the sender; never waits on the network.
    package func record(_ event: WorkshopEvent) {
        do {
            try queue.append(event)
        } catch {
            lock.withLock {
                notices.append(.notQueued(reason: error.localizedDescription))
            }
        }
        wake.signal()
    }

    /// Lines for the learner, once each: connection changes, broadcasts, the instructor's
    /// "go to this step".
    package func takeNotices() -> [WorkshopNotice] {
        lock.withLock {
            defer { notices = [] }
            return notices
        }
    }

    package func start() {
        let shouldStart = lock.withLock { () -> Bool in
            guard !running else { return false }
            running = true
            return true
        }
        guard shouldStart else { return }
        let thread = Thread { [self] in sendLoop() }
        thread.name = "workshop-sender"
        thread.start()
    }

    package func stop() {
        lock.withLock { running = false }
        wake.signal()
    }

    /// Waits (up to `timeout`) for the queue to empty, when the server is reachable: a shell
    /// that quits right after an answer still delivers it. Offline, it returns at once.
    package func flush(timeout: TimeInterval) {
        let deadline = Date().addingTimeInterval(timeout)
        wake.signal()
        while Date() < deadline {
            let done = lock.withLock { reachable == false || (idle && exchanges > 0 && queue.count == 0) }
            if done { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    // MARK: - Sending

    private func sendLoop() {
        var delay: TimeInterval = 0.5
        while lock.withLock({ running }) {
            lock.withLock { idle = false }
            let waiting = queue.oldest(WorkshopLimits.eventsPerBatch)
            let events = Self.fitting(waiting)
            let sent = send(events)
            lock.withLock { idle = true }
            if sent {
                delay = 0.5
                if events.count == waiting.count, events.count < WorkshopLimits.eventsPerBatch {
                    _ = wake.wait(timeout: .now() + pollInterval)
                }
                // Events that come in a burst go in one request, and requests stay well under
                // the server's per-learner rate.
                Thread.sleep(forTimeInterval: 0.3)
                while wake.wait(timeout: .now()) == .success {}
            } else {
                _ = wake.wait(timeout: .now() + delay)
                delay = min(delay * 2, 15)
            }
        }
    }

    /// The first of `events` whose request stays within the server's body limit (at least one:
    /// an event the learner's side clipped fits alone); the others go in the next requests.
    static func fitting(_ events: [WorkshopEvent]) -> [WorkshopEvent] {
        // The request's own fields (code, learner, key, a name of 40 characters) take far less.
        var room = WorkshopLimits.body - 4096
        var taken: [WorkshopEvent] = []
        for event in events {
            let size = ((try? JSONEncoder().encode(event))?.count ?? WorkshopLimits.body) + 1
            if !taken.isEmpty, size > room { break }
            taken.append(event)
            room -= size
        }
        return taken
    }

    /// One request; true when the server answered it.
    private func send(_ events: [WorkshopEvent]) -> Bool {
        let current = lock.withLock { membership }
        guard let link = JoinLink(current.link) else { return false }
        let batch = EventBatch(
            code: link.code, learner: current.learner, key: current.key, name: current.name,
            seenBroadcast: current.seenBroadcast, events: events)
        let reply: WorkshopHTTP.Reply
        do {
            reply = try WorkshopHTTP.exchange(
                "POST", link.eventsURL, body: try JSONEncoder().encode(batch),
                contentType: "application/json")
        } catch {
            connection(false, detail: WorkshopUnreachable(error))
            return false
        }
        // A quota refused every event (413 or 429 with the refusals): they are dropped like any
        // refused event, never sent again. A plain 429 (too many requests): the server is
        // there; wait and send again, with nothing to say.
        if reply.status == 413 || reply.status == 429,
            let answer = try? JSONDecoder().decode(BatchReply.self, from: reply.body), answer.refused?.isEmpty == false
        {
            accept(answer)
            return true
        }
        if reply.status == 429 { return false }
        guard reply.status == 200, let answer = try? JSONDecoder().decode(BatchReply.self, from: reply.body) else {
            if reply.status == 403, ServerError.reason(in: reply.body) == ServerError.unknownJoinCode {
                refusedLink()
                return false
            }
            if reply.status == 403, ServerError.reason(in: reply.body) == ServerError.roomFull {
                roomFull(ServerError.message(in: reply.body))
                return false
            }
            let detail: WorkshopUnreachable =
                reply.status == 200 ? .notAWorkshop : .status(reply.status, said: ServerError.message(in: reply.body))
            connection(false, detail: detail)
            return false
        }
        accept(answer)
        return true
    }

    /// Drops from the queue what the server stored or refused, and takes its news.
    private func accept(_ answer: BatchReply) {
        connection(true, detail: nil)
        let refused = answer.refused ?? []
        queue.remove(Set(answer.acknowledged + refused.map(\.id)))
        if !refused.isEmpty { dropped(refused) }
        receive(answer)
    }

    /// Refused events are dropped (a step the served pack does not have stays refused): the
    /// events after them go on. The learner is told once per session, in one quiet line.
    private func dropped(_ refused: [EventRefusal]) {
        lock.withLock {
            let first = refusedCount == 0
            refusedCount += refused.count
            guard first else { return }
            let reason = WorkshopLimits.clip(WorkshopLimits.neutralised(refused[0].reason), to: 120)
            notices.append(.refused(reason: reason))
        }
    }

    /// The room has as many learners as it takes: said once, as such; the work waits in the
    /// queue and goes when the instructor makes room.
    private func roomFull(_ message: String) {
        lock.withLock {
            defer { reachable = false }
            guard reachable != false else { return }
            notices.append(.roomFull(said: message))
        }
    }

    /// The server is there but does not know the join code: said once, as such.
    private func refusedLink() {
        lock.withLock {
            defer { reachable = false }
            guard reachable != false else { return }
            notices.append(.unknownJoinCode)
        }
    }

    private func receive(_ reply: BatchReply) {
        lock.withLock {
            let now = reply.now ?? Date().timeIntervalSince1970
            for broadcast in reply.broadcasts.sorted(by: { $0.id < $1.id })
            where broadcast.id > membership.seenBroadcast && broadcast.withdrawn != true {
                let text = WorkshopLimits.neutralised(broadcast.text)
                notices.append(.broadcast(text: text, minutesAgo: Self.minutesAgo(broadcast.at, now: now)))
                membership.seenBroadcast = broadcast.id
            }
            membership.pacing = reply.pacing
            exchanges += 1
            if let gathering = reply.pacing.gathering, gathering.id > membership.seenGathering {
                let step = WorkshopLimits.neutralised(gathering.step)
                notices.append(.gathering(step: step, minutesAgo: Self.minutesAgo(gathering.at, now: now)))
                membership.seenGathering = gathering.id
            }
        }
        try? saveMembership()
    }

    /// How many minutes before `now` the instructor said it; nil under a minute (or unknown).
    static func minutesAgo(_ at: Double?, now: Double) -> Int? {
        guard let at else { return nil }
        let minutes = Int((now - at) / 60)
        return minutes < 1 ? nil : minutes
    }

    private func connection(_ up: Bool, detail: WorkshopUnreachable?) {
        lock.withLock {
            defer { reachable = up }
            if up, reachable == false {
                notices.append(.reconnected)
            } else if !up, reachable != false, let detail {
                notices.append(.unreachable(detail))
            }
        }
    }

    private func saveMembership() throws {
        let (current, left) = lock.withLock { (membership, hasLeft) }
        guard !left else { return }
        try FileManager.default.createDirectory(
            at: membershipFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(current).write(to: membershipFile, options: .atomic)
        // The key is a secret: only this user may read it.
        chmod(membershipFile.path, 0o600)
    }
}

/// A name `join` will not use, and why.
package struct NameRefused: Error, CustomStringConvertible {
    package var problem: String
    package var description: String { problem }
}

/// The server's `{"error": …, "reason": …}` for a refused request.
struct ServerError: Decodable {
    static let unknownJoinCode = "unknown-join-code"
    static let roomFull = "room-full"
    var error: String?
    var reason: String?

    static func reason(in body: Data) -> String? { (try? JSONDecoder().decode(Self.self, from: body))?.reason }

    static func message(in body: Data) -> String {
        let text =
            (try? JSONDecoder().decode(Self.self, from: body))?.error
            ?? String(decoding: body.prefix(400), as: UTF8.self)
        return WorkshopLimits.clip(WorkshopLimits.neutralised(text).trimmingCharacters(in: .whitespaces), to: 200)
    }
}

/// Random bytes as hex, from the system's generator.
package func randomHex(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
}
