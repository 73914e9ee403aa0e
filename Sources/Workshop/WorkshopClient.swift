import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import XDGDirectories

/// Who this learner is in a workshop, kept until `leave`: a restarted shell goes on sending.
public struct Membership: Codable, Sendable, Equatable {
    public var link: String
    public var learner: String
    /// A secret only this learner and the server know: nobody else can add events in its name.
    public var key: String
    public var name: String
    public var seenBroadcast: Int
    /// The last "go to this step" shown, so it is offered once.
    public var seenGathering: Int
    /// The pacing last heard from the server, so a restarted shell holds back what it held.
    public var pacing: Pacing?
}

/// A line for the learner at the next prompt.
public struct WorkshopNotice: Sendable, Equatable {
    public var text: String
    /// A broadcast or a gathering (shown prominently); else a quiet connection line.
    public var fromInstructor: Bool
}

/// The learner's side of a workshop: records events into the durable queue (never waiting on
/// the network) and sends them from a background thread, retrying with back-off. What the
/// server sends back (broadcasts, pacing) waits in `takeNotices()` for the next prompt.
public final class WorkshopClient: @unchecked Sendable {
    public let queue: EventQueue
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
    private let session: URLSession

    /// Seconds between requests for news while there is nothing to send.
    public var pollInterval: TimeInterval = 3

    public var link: JoinLink { JoinLink(membership.link)! }
    public var name: String { lock.withLock { membership.name } }
    public var pacing: Pacing { lock.withLock { membership.pacing ?? Pacing() } }

    static func directory(_ directories: XDGDirectories) -> URL {
        URL(fileURLWithPath: directories.seguelabState).appendingPathComponent("workshop")
    }

    private init(membership: Membership, directory: URL) {
        self.membership = membership
        self.membershipFile = directory.appendingPathComponent("membership.json")
        self.queue = EventQueue(directory: directory.appendingPathComponent("queue"))
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 10
        self.session = URLSession(configuration: configuration)
    }

    /// The workshop this learner joined earlier and has not left, if any.
    public static func resume(directories: XDGDirectories) -> WorkshopClient? {
        let directory = directory(directories)
        guard let data = try? Data(contentsOf: directory.appendingPathComponent("membership.json")),
              let membership = try? JSONDecoder().decode(Membership.self, from: data),
              JoinLink(membership.link) != nil
        else { return nil }
        return WorkshopClient(membership: membership, directory: directory)
    }

    /// Joins the workshop at `link` as `name`. Joining the same link again keeps the learner's
    /// identity (the dashboard shows one row); another link starts afresh.
    public static func join(_ link: JoinLink, name: String, directories: XDGDirectories) throws -> WorkshopClient {
        let directory = directory(directories)
        let clipped = WorkshopLimits.clip(name.trimmingCharacters(in: .whitespacesAndNewlines), to: WorkshopLimits.name)
        var membership: Membership
        if let earlier = resume(directories: directories), earlier.membership.link == link.description {
            membership = earlier.membership
            membership.name = clipped
        } else {
            try? FileManager.default.removeItem(at: directory)
            membership = Membership(link: link.description, learner: UUID().uuidString.lowercased(),
                                    key: randomHex(bytes: 24), name: clipped, seenBroadcast: 0, seenGathering: 0, pacing: nil)
        }
        let client = WorkshopClient(membership: membership, directory: directory)
        try client.saveMembership()
        return client
    }

    /// Leaves the workshop: nothing more is sent, and events not yet sent are dropped.
    public func leave() {
        lock.withLock { hasLeft = true }
        stop()
        try? FileManager.default.removeItem(at: membershipFile.deletingLastPathComponent())
    }

    /// Puts the event in the queue (on disk) and wakes the sender; never waits on the network.
    public func record(_ event: WorkshopEvent) {
        do {
            try queue.append(event)
        } catch {
            lock.withLock { notices.append(WorkshopNotice(text: "workshop: an event could not be queued (\(error.localizedDescription)).", fromInstructor: false)) }
        }
        wake.signal()
    }

    /// Lines for the learner, once each: connection changes, broadcasts, the instructor's
    /// "go to this step".
    public func takeNotices() -> [WorkshopNotice] {
        lock.withLock {
            defer { notices = [] }
            return notices
        }
    }

    public func start() {
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

    public func stop() {
        lock.withLock { running = false }
        wake.signal()
    }

    /// Waits (up to `timeout`) for the queue to empty, when the server is reachable: a shell
    /// that quits right after an answer still delivers it. Offline, it returns at once.
    public func flush(timeout: TimeInterval) {
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
            let events = queue.oldest(WorkshopLimits.eventsPerBatch)
            let sent = send(events)
            lock.withLock { idle = true }
            if sent {
                delay = 0.5
                if events.count < WorkshopLimits.eventsPerBatch { _ = wake.wait(timeout: .now() + pollInterval) }
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

    /// One request; true when the server answered it.
    private func send(_ events: [WorkshopEvent]) -> Bool {
        let current = lock.withLock { membership }
        guard let link = JoinLink(current.link) else { return false }
        let batch = EventBatch(code: link.code, learner: current.learner, key: current.key, name: current.name,
                               seenBroadcast: current.seenBroadcast, events: events)
        var request = URLRequest(url: link.eventsURL)
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = try? JSONEncoder().encode(batch)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: (Data?, Int?, String?) = (nil, nil, nil)
        session.dataTask(with: request) { data, response, error in
            result = (data, (response as? HTTPURLResponse)?.statusCode, error?.localizedDescription)
            done.signal()
        }.resume()
        done.wait()
        guard let status = result.1 else {
            connection(false, detail: result.2)
            return false
        }
        // Too many requests: the server is there; wait and send again, with nothing to say.
        if status == 429 { return false }
        guard status == 200, let data = result.0, let reply = try? JSONDecoder().decode(BatchReply.self, from: data) else {
            let message = result.0.flatMap { String(data: $0, encoding: .utf8) }?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            connection(false, detail: "the server answered \(status)" + (message.isEmpty ? "" : ": " + WorkshopLimits.clip(message, to: 200)))
            return false
        }
        connection(true, detail: nil)
        queue.remove(Set(reply.acknowledged))
        receive(reply)
        return true
    }

    private func receive(_ reply: BatchReply) {
        lock.withLock {
            for broadcast in reply.broadcasts.sorted(by: { $0.id < $1.id }) where broadcast.id > membership.seenBroadcast {
                notices.append(WorkshopNotice(text: "Instructor: " + broadcast.text, fromInstructor: true))
                membership.seenBroadcast = broadcast.id
            }
            membership.pacing = reply.pacing
            exchanges += 1
            if let gathering = reply.pacing.gathering, gathering.id > membership.seenGathering {
                notices.append(WorkshopNotice(
                    text: "Instructor: we are all going to \(gathering.step); type `goto \(gathering.step)` to go there.",
                    fromInstructor: true))
                membership.seenGathering = gathering.id
            }
        }
        try? saveMembership()
    }

    private func connection(_ up: Bool, detail: String?) {
        lock.withLock {
            defer { reachable = up }
            if up, reachable == false {
                notices.append(WorkshopNotice(text: "workshop: connected again; what you did meanwhile is being sent.", fromInstructor: false))
            } else if !up, reachable != false {
                notices.append(WorkshopNotice(
                    text: "workshop: the server cannot be reached (\(detail ?? "no answer")); your work is kept and sent when it is back.",
                    fromInstructor: false))
            }
        }
    }

    private func saveMembership() throws {
        let (current, left) = lock.withLock { (membership, hasLeft) }
        guard !left else { return }
        try FileManager.default.createDirectory(at: membershipFile.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(current).write(to: membershipFile, options: .atomic)
        // The key is a secret: only this user may read it.
        chmod(membershipFile.path, 0o600)
    }
}

/// Random bytes as hex, from the system's generator.
public func randomHex(bytes count: Int) -> String {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
}
